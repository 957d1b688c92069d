import { useCallback, useEffect } from 'react';
import { apiRequest, ME_KEY } from '@wallet/shared/api';
import type { User } from '@wallet/shared/contracts';
import { currentLanguage, setLanguage, type Language } from '@wallet/shared/i18n';
import { useSession } from '@wallet/shared/session';
import { mutate } from 'swr';

/** When this browser last chose a language (ISO time), to weigh against the profile's choice. */
const CHOSEN_AT_KEY = 'wallet_lang_chosen_at';

function chosenHere(): string | null {
  try {
    return localStorage.getItem(CHOSEN_AT_KEY);
  } catch {
    return null;
  }
}

async function saveOnProfile(language: Language) {
  const { data } = await apiRequest<User>(ME_KEY, { method: 'PATCH', body: { language } });
  await mutate(ME_KEY, data, { revalidate: false });
}

/** The switch's action: the page changes at once; a signed-in person's profile keeps the choice too. */
export function useChooseLanguage() {
  const signedIn = useSession((state) => state.user !== null);
  return useCallback(
    async (language: Language) => {
      await setLanguage(language);
      try {
        localStorage.setItem(CHOSEN_AT_KEY, new Date().toISOString());
      } catch {
        // Private windows may refuse storage: the cookie still holds the choice.
      }
      if (signedIn) await saveOnProfile(language).catch(() => undefined);
    },
    [signedIn],
  );
}

/**
 * Once the session is known, the latest of two choices wins: the profile's (made on another device)
 * or this browser's (made before signing in). The other side is brought in line.
 */
export function useLanguageSync() {
  const user = useSession((state) => state.user);
  useEffect(() => {
    if (!user) return;
    const here = chosenHere();
    const profileIsLater = user.languageChosenAt !== null && (here === null || user.languageChosenAt > here);
    if (profileIsLater && user.language && user.language !== currentLanguage()) void setLanguage(user.language);
    else if (!profileIsLater && here !== null && user.language !== currentLanguage())
      void saveOnProfile(currentLanguage()).catch(() => undefined);
  }, [user]);
}
