import { useId, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SWRResponse } from 'swr';
import { errorMessage } from '@wallet/shared/api';
import { showToast } from '@wallet/shared/toasts';
import { type Column, ListTable } from '@wallet/shared/ui/kit/list-table';

/**
 * A section of the Security page below the PIN: its heading and a sentence, then a list of the
 * person's own things (passkeys, sessions) as the API gives them, then what `children` add.
 */
export function SettingsList<T extends { _id: string }>({
  title,
  intro,
  columns,
  list,
  errorText,
  emptyText,
  children,
}: {
  title: string;
  intro: string;
  columns: Column<T>[];
  list: Pick<SWRResponse<T[]>, 'data' | 'error' | 'isLoading'>;
  errorText: string;
  emptyText: string;
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 3, mt: 3 }}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {intro}
      </Typography>
      <ListTable
        label={title}
        columns={columns}
        rows={list.data ?? []}
        rowKey={(row) => row._id}
        rowHeader
        isLoading={list.isLoading}
        error={list.data ? undefined : list.error}
        errorText={errorText}
        emptyText={emptyText}
      />
      {children}
    </Paper>
  );
}

/**
 * A row's action that ends something of the person's own (a passkey removed, a session signed
 * out): `run` it, then say `done`, or the server's refusal (else `failed`) as a toast.
 */
export function RowAction({
  label,
  ariaLabel,
  pending,
  run,
  done,
  failed,
}: {
  label: string;
  ariaLabel: string;
  pending: boolean;
  run: () => Promise<unknown>;
  done: string;
  failed: string;
}) {
  return (
    <Button
      size="small"
      variant="outlined"
      color="error"
      disabled={pending}
      aria-label={ariaLabel}
      onClick={async () => {
        try {
          await run();
          showToast(done, { variant: 'success' });
        } catch (error) {
          showToast(errorMessage(error, failed), { variant: 'error' });
        }
      }}
    >
      {label}
    </Button>
  );
}
