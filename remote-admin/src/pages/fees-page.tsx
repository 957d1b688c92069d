import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '@wallet/shared/api';
import { useFees } from '../features/fees/fees-api';
import { FeesTable } from '../features/fees/fees-table';
import { CommissionFloatCard } from '../features/fees/commission-float-card';
import { useT } from '../i18n';

export default function FeesPage() {
  const t = useT();
  const { data, error, isLoading } = useFees();
  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Typography variant="h5" component="h1">
          {t('admin.fees.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('admin.fees.intro')}
        </Typography>
      </Stack>
      {isLoading && <Typography>{t('admin.loading')}</Typography>}
      {error && <Alert severity="error">{errorMessage(error, t('admin.fees.loadFailed'))}</Alert>}
      {data && <FeesTable schedule={data} />}
      <CommissionFloatCard />
    </Stack>
  );
}
