import { Suspense, use, useEffect } from 'react';
import { useRoutes } from '@wallet/shared/router';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import type { AreaName, RoutesModule } from '@wallet/shared/federation';
import { PageLoading } from '@wallet/shared/ui/kit/lazy-page';
import { reportRelease } from './release-reports';
import { useRemoteLoader } from './remote-loader';
import { RemoteUnavailableError } from './remote-unavailable';
import { UnavailableNotice } from './unavailable-notice';
import { useT } from '../i18n';

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
  const t = useT();
  return (
    <UnavailableNotice actionLabel={t('host.unavailable.retry')} onAction={resetErrorBoundary}>
      {t('host.unavailable.area')}
    </UnavailableNotice>
  );
}

/** Mounts one remote's routes; a remote that fails shows a retryable fallback inside the layout. */
export function RemoteArea({ area }: { area: AreaName }) {
  const loader = useRemoteLoader();
  return (
    <ErrorBoundary
      FallbackComponent={AreaUnavailable}
      onReset={() => loader.retry(area)}
      onError={(error) => {
        console.error(`[federation] the ${area} area failed`, error);
        // A page of the area that throws while rendering is caught here and never reaches window's
        // error event; a failed load was counted as unavailable where it failed.
        if (!(error instanceof RemoteUnavailableError)) reportRelease(area, 'error');
      }}
    >
      <Suspense fallback={<PageLoading />}>
        <AreaRoutes area={area} />
      </Suspense>
    </ErrorBoundary>
  );
}
