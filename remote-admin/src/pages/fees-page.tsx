import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '@wallet/shared/api';
import { useFees } from '../features/fees/fees-api';
import { FeesTable } from '../features/fees/fees-table';

export default function FeesPage() {
  const { data, error, isLoading } = useFees();
  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Typography variant="h5" component="h1">
          Fees
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Deposits from a bank are always free. Fees are rounded half up to the poisha, shown to people before they
          confirm, and paid into fee revenue; agents’ commissions are paid from it. A change applies to the next
          movement: anyone reviewing the old fee is asked to review again.
        </Typography>
      </Stack>
      {isLoading && <Typography>Loading...</Typography>}
      {error && (
        <Alert severity="error">{errorMessage(error, 'The fees could not be loaded. Please try again.')}</Alert>
      )}
      {data && <FeesTable schedule={data} />}
    </Stack>
  );
}
