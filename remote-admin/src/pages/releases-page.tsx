import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '@wallet/shared/api';
import { AreaReleasesCard } from '../features/releases/area-releases-card';
import { useReleases } from '../features/releases/use-releases';

export default function ReleasesPage() {
  const { data, error, isLoading } = useReleases();
  return (
    <Stack spacing={3}>
      <Typography variant="h5" component="h1">
        Releases
      </Typography>
      {isLoading && <Typography>Loading...</Typography>}
      {error && (
        <Alert severity="error">{errorMessage(error, 'The releases could not be loaded. Please try again.')}</Alert>
      )}
      {/* A refresh that fails keeps the last list on screen, under its error. */}
      {data?.map((entry) => (
        <AreaReleasesCard key={entry.area} entry={entry} />
      ))}
    </Stack>
  );
}
