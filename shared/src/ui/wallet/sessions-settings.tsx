import { useId } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { apiRequest, errorMessage } from '@wallet/shared/api';
import type { Session } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import { showToast } from '@wallet/shared/toasts';
import { type Column, ListTable } from '@wallet/shared/ui/kit/list-table';
import { useWalletT, type WalletT } from './messages';

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
    <Button
      size="small"
      variant="outlined"
      color="error"
      disabled={isMutating}
      aria-label={t('wallet.sessions.signOutOf', { device })}
      onClick={async () => {
        try {
          await trigger();
          showToast(t('wallet.sessions.signedOut', { device }), { variant: 'success' });
        } catch (error) {
          showToast(errorMessage(error, t('wallet.sessions.failed')), { variant: 'error' });
        }
      }}
    >
      {isMutating ? t('wallet.sessions.signingOut') : t('wallet.sessions.signOut')}
    </Button>
  );
}

/**
 * Where the person is signed in: each session's device (browser and system), network and last
 * use, this one marked; any other can be signed out, or all of them at once.
 */
export function SessionsSettings() {
  const t = useWalletT();
  const headingId = useId();
  const { data, error, isLoading } = useSWR<Session[]>(SESSIONS, { revalidateIfStale: true });
  const others = useSignOut(`${SESSIONS}/sign-out-others`, 'POST');
  const columns: Column<Session>[] = [
    {
      header: t('wallet.sessions.deviceColumn'),
      render: (session) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <span>{deviceName(t, session)}</span>
          {session.current && <Chip size="small" color="success" label={t('wallet.sessions.thisDevice')} />}
        </Stack>
      ),
    },
    {
      header: t('wallet.sessions.network'),
      render: (session) => session.network ?? t('wallet.sessions.unknownNetwork'),
    },
    { header: t('wallet.sessions.lastSeen'), render: (session) => formatDateTime(session.lastSeenAt) },
    {
      header: t('wallet.sessions.actions'),
      render: (session) => (session.current ? null : <SignOutButton session={session} />),
    },
  ];
  const hasOthers = (data ?? []).some((session) => !session.current);
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 3, mt: 3 }}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {t('wallet.sessions.heading')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('wallet.sessions.intro')}
      </Typography>
      <ListTable
        label={t('wallet.sessions.heading')}
        columns={columns}
        rows={data ?? []}
        rowKey={(session) => session._id}
        rowHeader
        isLoading={isLoading}
        error={data ? undefined : error}
        errorText={t('wallet.sessions.loadFailed')}
        emptyText={t('wallet.sessions.empty')}
      />
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
    </Paper>
  );
}
