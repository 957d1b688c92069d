import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AreaName } from '@wallet/shared/federation';
import { withRole } from '@wallet/shared/testing';
import { startReleaseReports } from '../federation/release-reports';
import { RemoteUnavailableError } from '../federation/remote-unavailable';
import { captureClientReports, CONFIG_WITH_RELEASES, leavePage, RELEASES } from '../testing/client-reports';
import { AREA_ROUTES, loadFromAreaRoutes, meAnswers, renderShell } from '../testing/render-shell';

const report = (area: keyof typeof RELEASES, kind: 'view' | 'error' | 'unavailable') => ({
  area,
  release: RELEASES[area],
  kind,
});

describe('release reports of the areas', () => {
  let capture: ReturnType<typeof captureClientReports>;
  let stop: () => void;

  beforeEach(() => {
    capture = captureClientReports();
    stop = startReleaseReports(CONFIG_WITH_RELEASES);
  });
  afterEach(() => {
    stop();
    capture.restore();
    jest.restoreAllMocks();
    window.history.pushState({}, '', '/');
  });

  it('should report one view of the area whose routes load, and none of an area it does not show', async () => {
    meAnswers(withRole('USER'));
    await renderShell({ route: '/user/overview' });
    expect(await screen.findByRole('heading', { name: 'User overview' })).toBeInTheDocument();

    leavePage();
    expect(await capture.reports()).toEqual([report('host', 'view'), report('user', 'view')]);
  });

  it('should report an area that cannot load as unavailable once, then its view when a retry loads it', async () => {
    meAnswers(null);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let publicIsUp = false;
    const load = <T,>(area: AreaName) =>
      area === 'public' && !publicIsUp
        ? Promise.reject(new RemoteUnavailableError('wallet_public/routes', null))
        : loadFromAreaRoutes<T>(area);
    await renderShell({ load });
    expect(await screen.findByText('This area is unavailable')).toBeInTheDocument();

    await act(() => userEvent.click(screen.getByRole('button', { name: 'Retry' })));
    expect(await screen.findByText('This area is unavailable')).toBeInTheDocument();
    publicIsUp = true;
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Retry' })));
    expect(await screen.findByRole('heading', { name: 'Public home' })).toBeInTheDocument();

    leavePage();
    expect(await capture.reports()).toEqual([
      report('host', 'view'),
      report('public', 'unavailable'),
      report('public', 'view'),
    ]);
  });

  it('should report a page of an area that throws while rendering as an error of that area', async () => {
    meAnswers(null);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('Cannot read properties of undefined (reading "balance")');
    }
    const load = async <T,>(area: AreaName) =>
      ({
        routes:
          area === 'public' ? [{ index: true, element: <Broken /> }] : AREA_ROUTES[area as keyof typeof AREA_ROUTES],
      }) as T;
    await renderShell({ load });
    expect(await screen.findByText('This area is unavailable')).toBeInTheDocument();

    leavePage();
    expect(await capture.reports()).toEqual([
      report('host', 'view'),
      report('public', 'view'),
      report('public', 'error'),
    ]);
  });

  it('should attribute an uncaught error on an area page to that area', async () => {
    meAnswers(withRole('AGENT'));
    // The tests' router keeps its path in memory; the host's keeps it in the address bar.
    window.history.pushState({}, '', '/agent/cash-in');
    await renderShell({ route: '/agent/cash-in' });
    expect(await screen.findByRole('heading', { name: 'Agent cash-in' })).toBeInTheDocument();
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('late failure') }));

    leavePage();
    expect(await capture.reports()).toEqual([
      report('host', 'view'),
      report('agent', 'view'),
      report('agent', 'error'),
    ]);
  });
});
