import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import { useT } from '../../i18n';

/** Where the device has no voice for the page's language: the sentence, large, for the customer to read instead. */
export function ShownAmount({ text, onClose }: { text: string; onClose: () => void }) {
  const t = useT();
  return (
    <Alert severity="info" role="status" onClose={onClose} sx={{ mb: 2 }}>
      <AlertTitle>{t('merchant.readAloud.noVoice')}</AlertTitle>
      <Typography component="p" variant="h4" sx={{ fontWeight: 700 }}>
        {text}
      </Typography>
    </Alert>
  );
}
