import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useT } from '../i18n';

/** "This area is unavailable", inside the layout: what failed, and one button to try again. */
export function UnavailableNotice({
  actionLabel,
  onAction,
  children,
}: {
  actionLabel: string;
  onAction: () => void;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Box sx={{ maxWidth: 560, mx: 'auto', py: 6 }}>
      <Alert
        severity="warning"
        action={
          <Button color="inherit" size="small" onClick={onAction}>
            {actionLabel}
          </Button>
        }
      >
        <AlertTitle>{t('host.unavailable.title')}</AlertTitle>
        {children}
      </Alert>
    </Box>
  );
}
