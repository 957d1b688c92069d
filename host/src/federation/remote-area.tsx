import { Suspense, use, useEffect } from 'react';
import { useRoutes } from '@wallet/shared/router';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { AreaName, RoutesModule } from '@wallet/shared/federation';
import { PageLoading } from '@wallet/shared/ui/lazy-page';
import { useRemoteLoader } from './remote-loader';

/** Tells the loader an area's screen is on the page (see `useAfterFirstScreen`). */
function useShown() {
  const loader = useRemoteLoader();
  useEffect(() => loader.shown(), [loader]);
}

function AreaRoutes({ area }: { area: AreaName }) {
  const { routes } = use(useRemoteLoader().get<RoutesModule>(area, 'routes'));
  useShown();
  return useRoutes(routes);
}

function AreaUnavailable({ resetErrorBoundary }: FallbackProps) {
  useShown();
  return (
    <Box sx={{ maxWidth: 560, mx: 'auto', py: 6 }}>
      <Alert
        severity="warning"
        action={
          <Button color="inherit" size="small" onClick={resetErrorBoundary}>
            Retry
          </Button>
        }
      >
        <AlertTitle>This area is unavailable</AlertTitle>
        It could not be loaded right now. The rest of the site still works; please try again in a moment.
      </Alert>
    </Box>
  );
}

/** Mounts one remote's routes; a remote that fails shows a retryable fallback inside the layout. */
export function RemoteArea({ area }: { area: AreaName }) {
  const loader = useRemoteLoader();
  return (
    <ErrorBoundary
      FallbackComponent={AreaUnavailable}
      onReset={() => loader.retry(area)}
      onError={(error) => console.error(`[federation] the ${area} area failed`, error)}
    >
      <Suspense fallback={<PageLoading />}>
        <AreaRoutes area={area} />
      </Suspense>
    </ErrorBoundary>
  );
}
