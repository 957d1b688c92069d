import { useState } from 'react';
import { INTL_LOCALE, pageLanguage, type Language } from '@wallet/shared/i18n/languages';
import { POISHA_PER_TAKA } from '@wallet/shared/money';
import { useT, type MerchantT } from '../../i18n';
import { speak } from './speech';

/** A figure as it is said: in the language's digits, with no grouping a voice might read as a pause. */
const spokenNumber = (value: number, language: Language) =>
  value.toLocaleString(INTL_LOCALE[language], { useGrouping: false });

/** "Received 250 Taka", "Received 250 Taka 50 poisha"; in Bangla "২৫০ টাকা পেয়েছেন". */
function receivedText(t: MerchantT, amount: number, language: Language) {
  const poisha = Math.round(amount * POISHA_PER_TAKA);
  const taka = spokenNumber(Math.trunc(poisha / POISHA_PER_TAKA), language);
  const rest = poisha % POISHA_PER_TAKA;
  return rest === 0
    ? t('merchant.speech.received', { taka })
    : t('merchant.speech.receivedPoisha', { taka, poisha: spokenNumber(rest, language) });
}

/**
 * Reads a payment's amount aloud in the page's language, for a shopkeeper whose customer stands at
 * the counter. Where the device cannot say it, `shown` holds the sentence to show instead.
 */
export function useReadAloud() {
  const t = useT();
  const [shown, setShown] = useState<string | null>(null);

  async function read(amount: number) {
    const language = pageLanguage();
    const text = receivedText(t, amount, language);
    setShown(null);
    if (!(await speak(text, language))) setShown(text);
  }

  return { read, shown, dismiss: () => setShown(null) };
}
