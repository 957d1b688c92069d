import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AreaName } from '@wallet/shared/federation';
import { RemoteUnavailableError } from '../federation/remote-unavailable';
import { loadFromAreaRoutes, meAnswers, renderShell } from '../testing/render-shell';

describe('remote areas', () => {
  it('should show a fallback with a retry inside the layout when a remote cannot load', async () => {
    meAnswers(null);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let publicIsUp = false;
    const load = <T,>(area: AreaName) =>
      area === 'public' && !publicIsUp
        ? Promise.reject(new RemoteUnavailableError('wallet_public/routes', null))
        : loadFromAreaRoutes<T>(area);
    await renderShell({ load });

    expect(await screen.findByText('This area is unavailable')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Digital Wallet');

    publicIsUp = true;
    // The retried remote suspends again; React resumes it only inside an awaited act.
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Retry' })));
    expect(await screen.findByRole('heading', { name: 'Public home' })).toBeInTheDocument();
    expect(screen.queryByText('This area is unavailable')).not.toBeInTheDocument();
  });
});
