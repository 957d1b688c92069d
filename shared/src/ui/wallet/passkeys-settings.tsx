import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { apiRequest, errorMessage } from '@wallet/shared/api';
import { PASSKEYS_KEY, useAddPasskey } from '@wallet/shared/data';
import type { Passkey } from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import { useSession } from '@wallet/shared/session';
import { showToast } from '@wallet/shared/toasts';
import { FormTextField } from '@wallet/shared/ui/kit/form-text-field';
import type { Column } from '@wallet/shared/ui/kit/list-table';
import { PasswordField } from '@wallet/shared/ui/kit/password-field';
import { SubmitButton } from '@wallet/shared/ui/kit/submit-button';
import { useWalletT } from './messages';
import { RowAction, SettingsList } from './settings-section';
import { StaffAddPasskey } from './staff-add-passkey';

const PASSKEYS = PASSKEYS_KEY;

/** A change to one of the person's passkeys, then the list asked again. */
function usePasskeyChange<Input>(path: string, method: 'POST' | 'PATCH' | 'DELETE') {
  const { mutate } = useSWRConfig();
  return useSWRMutation(path, async (key: string, { arg }: { arg: Input }) => {
    try {
      return await apiRequest<Passkey>(key, { method, ...(arg === undefined ? {} : { body: arg }) });
    } finally {
      await mutate(PASSKEYS);
    }
  });
}

function AddPasskeyForm() {
  const t = useWalletT();
  const hasPassword = useSession((state) => !state.user?.googleOnly);
  const { trigger, isMutating } = useAddPasskey();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, reset } = useForm<{ password: string }>({ defaultValues: { password: '' } });
  const onSubmit = handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      await trigger(hasPassword ? { password } : {});
    } catch (error) {
      setFailure(errorMessage(error, t('wallet.passkeys.addFailed')));
      return;
    }
    reset();
    showToast(t('wallet.passkeys.added'), { variant: 'success' });
  });
  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate aria-label={t('wallet.passkeys.add')}>
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      {hasPassword && (
        <PasswordField
          control={control}
          name="password"
          label={t('wallet.passkeys.password')}
          autoComplete="current-password"
        />
      )}
      <Box>
        <SubmitButton pending={isMutating} fullWidth={false}>
          {t('wallet.passkeys.add')}
        </SubmitButton>
      </Box>
    </Stack>
  );
}

function RenameButton({ passkey }: { passkey: Passkey }) {
  const t = useWalletT();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const { trigger, isMutating } = usePasskeyChange<{ name: string }>(`${PASSKEYS}/${passkey._id}`, 'PATCH');
  const { control, handleSubmit, reset } = useForm<{ name: string }>({ defaultValues: { name: passkey.name } });
  const onSubmit = handleSubmit(async (input) => {
    try {
      await trigger(input);
      showToast(t('wallet.passkeys.renamed'), { variant: 'success' });
      setOpen(false);
    } catch (error) {
      showToast(errorMessage(error, t('wallet.passkeys.failed')), { variant: 'error' });
    }
  });
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        aria-label={t('wallet.passkeys.renameOf', { name: passkey.name })}
        onClick={() => {
          reset({ name: passkey.name });
          setOpen(true);
        }}
      >
        {t('wallet.passkeys.rename')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} maxWidth="xs" fullWidth>
        <Box component="form" noValidate onSubmit={onSubmit}>
          <DialogTitle id={titleId}>{t('wallet.passkeys.renameOf', { name: passkey.name })}</DialogTitle>
          <DialogContent>
            <FormTextField control={control} name="name" label={t('wallet.passkeys.name')} autoComplete="off" />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{t('wallet.passkeys.cancel')}</Button>
            <SubmitButton pending={isMutating} fullWidth={false}>
              {t('wallet.passkeys.save')}
            </SubmitButton>
          </DialogActions>
        </Box>
      </Dialog>
    </>
  );
}

function RemoveButton({ passkey }: { passkey: Passkey }) {
  const t = useWalletT();
  const { trigger, isMutating } = usePasskeyChange<undefined>(`${PASSKEYS}/${passkey._id}`, 'DELETE');
  return (
    <RowAction
      label={t('wallet.passkeys.remove')}
      ariaLabel={t('wallet.passkeys.removeOf', { name: passkey.name })}
      pending={isMutating}
      run={() => trigger(undefined)}
      done={t('wallet.passkeys.removed', { name: passkey.name })}
      failed={t('wallet.passkeys.failed')}
    />
  );
}

/** The person's passkeys: listed with when each was added and last used; added, renamed, removed. */
export function PasskeysSettings() {
  const t = useWalletT();
  const list = useSWR<Passkey[]>(PASSKEYS, { revalidateIfStale: true });
  const staff = useSession((state) => state.user?.role === 'ADMIN');
  const columns: Column<Passkey>[] = [
    { header: t('wallet.passkeys.name'), render: (passkey) => passkey.name },
    { header: t('wallet.passkeys.addedAt'), render: (passkey) => formatDateTime(passkey.createdAt) },
    {
      header: t('wallet.passkeys.lastUsed'),
      render: (passkey) => (passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt) : t('wallet.passkeys.never')),
    },
    {
      header: t('wallet.sessions.actions'),
      render: (passkey) => (
        <Stack direction="row" spacing={1}>
          <RenameButton passkey={passkey} />
          <RemoveButton passkey={passkey} />
        </Stack>
      ),
    },
  ];
  return (
    <SettingsList
      title={t('wallet.passkeys.heading')}
      intro={staff ? t('wallet.passkeys.staffIntro') : t('wallet.passkeys.intro')}
      columns={columns}
      list={list}
      errorText={t('wallet.passkeys.loadFailed')}
      emptyText={t('wallet.passkeys.empty')}
    >
      <Box sx={{ mt: 2, maxWidth: 480 }}>
        {/* Staff: the mailed code for the first passkey, one of theirs used again for the next. */}
        {!staff ? (
          <AddPasskeyForm />
        ) : (
          list.data && <StaffAddPasskey proof={list.data.length > 0 ? 'passkey' : 'code'} />
        )}
      </Box>
    </SettingsList>
  );
}
