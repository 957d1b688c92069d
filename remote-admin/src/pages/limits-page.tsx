import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '@wallet/shared/api';
import { formatDateTime } from '@wallet/shared/dates';
import { Section } from '../components/section';
import { HolderLimitsTable } from '../features/limits/holder-limits-table';
import { useLimits } from '../features/limits/limits-api';
import { HOLDER_LABELS } from '../labels/limits';

export default function LimitsPage() {
  const { data, error, isLoading } = useLimits();
  return (
    <Stack spacing={4}>
      <Stack spacing={1}>
        <Typography variant="h5" component="h1">
          Limits
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Amounts are in Taka, counts in movements. Days and months are counted in Asia/Dhaka time. A change applies to
          the next movement; movements already made stay as they are.
        </Typography>
      </Stack>
      {isLoading && <Typography>Loading...</Typography>}
      {error && (
        <Alert severity="error">{errorMessage(error, 'The limits could not be loaded. Please try again.')}</Alert>
      )}
      {/* A refresh that fails keeps the last figures on screen, under its error. */}
      {data?.map((entry) => (
        <Section
          key={entry.holder}
          title={HOLDER_LABELS[entry.holder]}
          controls={
            <Typography variant="body2" color="text.secondary">
              {`Updated ${formatDateTime(entry.updatedAt)}`}
            </Typography>
          }
        >
          <HolderLimitsTable entry={entry} />
        </Section>
      ))}
    </Stack>
  );
}
