import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { apiRequest, errorMessage } from '@wallet/shared/api';
import type { Session } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import { showToast } from '@wallet/shared/toasts';
import type { Column } from '@wallet/shared/ui/kit/list-table';
import { useWalletT, type WalletT } from './messages';
import { RowAction, SettingsList } from './settings-section';

const SESSIONS = '/user/sessions';

/** "Chrome on Linux", or what is known of it. */
function deviceName(t: WalletT, session: Session) {
  if (session.browser && session.system)
    return t('wallet.sessions.device', { browser: session.browser, system: session.system });
  return session.browser ?? session.system ?? t('wallet.sessions.unknownDevice');
}

/** A session signed out (one, or every other), then the list asked again. */
function useSignOut(path: string, method: 'DELETE' | 'POST') {
  const { mutate } = useSWRConfig();
  return useSWRMutation(path, async (key: string) => {
    try {
      return await apiRequest<unknown>(key, { method });
    } finally {
      await mutate(SESSIONS);
    }
  });
}

function SignOutButton({ session }: { session: Session }) {
  const t = useWalletT();
  const { trigger, isMutating } = useSignOut(`${SESSIONS}/${session._id}`, 'DELETE');
  const device = deviceName(t, session);
  return (
    <RowAction
      label={isMutating ? t('wallet.sessions.signingOut') : t('wallet.sessions.signOut')}
      ariaLabel={t('wallet.sessions.signOutOf', { device })}
      pending={isMutating}
      run={() => trigger()}
      done={t('wallet.sessions.signedOut', { device })}
      failed={t('wallet.sessions.failed')}
    />
  );
}

/**
 * Where the person is signed in: each session's device (browser and system), network and last
 * use, this one marked; any other can be signed out, or all of them at once.
 */
export function SessionsSettings() {
  const t = useWalletT();
  const list = useSWR<Session[]>(SESSIONS, { revalidateIfStale: true });
  const others = useSignOut(`${SESSIONS}/sign-out-others`, 'POST');
  const columns: Column<Session>[] = [
    {
      header: t('wallet.sessions.browser'),
      render: (session) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {/* Product names, as their makers write them, whatever the page's language. */}
          {session.browser ? (
            <span lang="en">{session.browser}</span>
          ) : (
            <span>{t('wallet.sessions.unknownDevice')}</span>
          )}
          {session.current && <Chip size="small" color="success" label={t('wallet.sessions.thisDevice')} />}
        </Stack>
      ),
    },
    {
      header: t('wallet.sessions.system'),
      render: (session) => (session.system ? <span lang="en">{session.system}</span> : t('wallet.sessions.unknown')),
    },
    {
      header: t('wallet.sessions.network'),
      render: (session) => session.network ?? t('wallet.sessions.unknown'),
    },
    { header: t('wallet.sessions.lastSeen'), render: (session) => formatDateTime(session.lastSeenAt) },
    {
      header: t('wallet.sessions.actions'),
      render: (session) => (session.current ? null : <SignOutButton session={session} />),
    },
  ];
  const hasOthers = (list.data ?? []).some((session) => !session.current);
  return (
    <SettingsList
      title={t('wallet.sessions.heading')}
      intro={t('wallet.sessions.intro')}
      columns={columns}
      list={list}
      errorText={t('wallet.sessions.loadFailed')}
      emptyText={t('wallet.sessions.empty')}
    >
      {hasOthers && (
        <Button
          sx={{ mt: 2 }}
          variant="outlined"
          color="error"
          disabled={others.isMutating}
          onClick={async () => {
            try {
              await others.trigger();
              showToast(t('wallet.sessions.signedOutOthers'), { variant: 'success' });
            } catch (failure) {
              showToast(errorMessage(failure, t('wallet.sessions.failed')), { variant: 'error' });
            }
          }}
        >
          {others.isMutating ? t('wallet.sessions.signingOut') : t('wallet.sessions.signOutOthers')}
        </Button>
      )}
    </SettingsList>
  );
}
