import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AreaName } from '@wallet/shared/federation';
import { agent, held, user } from '@wallet/shared/testing';
import { useToastStore } from '@wallet/shared/toasts';
import { RemoteUnavailableError } from '../federation/remote-unavailable';
import { loadFromAreaRoutes, meAnswers, renderShell } from '../testing/render-shell';

/** A loader that records what was asked of it. */
function recordingLoader(fail?: (area: AreaName, attempt: number) => boolean) {
  const asked: AreaName[] = [];
  const load = <T,>(area: AreaName) => {
    asked.push(area);
    const attempt = asked.filter((name) => name === area).length;
    return fail?.(area, attempt)
      ? Promise.reject(new RemoteUnavailableError(`wallet_${area}/routes`, null))
      : loadFromAreaRoutes<T>(area);
  };
  return { asked, load };
}

describe("a role's area, fetched ahead", () => {
  it("should fetch a signed-in agent's area while they are still on the landing page", async () => {
    meAnswers(agent());
    const { asked, load } = recordingLoader();
    await renderShell({ load });
    expect(await screen.findByRole('heading', { name: 'Public home' })).toBeInTheDocument();
    await waitFor(() => expect(asked).toContain('agent'));
    expect(asked).not.toContain('user');
    expect(asked).not.toContain('admin');
  });

  it('should wait for the first screen: nothing is fetched ahead while the landing page is on its way', async () => {
    meAnswers(agent());
    useToastStore.setState({ wanted: false });
    const landing = held();
    const { asked, load } = recordingLoader();
    const slowLanding = <T,>(area: AreaName) =>
      area === 'public' ? landing.promise.then(() => load<T>(area)) : load<T>(area);
    await renderShell({ load: slowLanding });
    // The session is known and the browser idle long before the landing page's files arrive.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(asked).toEqual([]);
    expect(useToastStore.getState().wanted).toBe(false);
    await act(async () => landing.release());
    expect(await screen.findByRole('heading', { name: 'Public home' })).toBeInTheDocument();
    await waitFor(() => expect(asked).toEqual(['public', 'agent']));
    await waitFor(() => expect(useToastStore.getState().wanted).toBe(true));
  });

  it('should fetch no role area for a visitor', async () => {
    meAnswers(null);
    const { asked, load } = recordingLoader();
    await renderShell({ load });
    expect(await screen.findByRole('heading', { name: 'Public home' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(asked).toEqual(['public']);
  });

  it('should forget a failed fetch ahead, so entering the area tries again and works', async () => {
    meAnswers(user());
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { asked, load } = recordingLoader((area, attempt) => area === 'user' && attempt === 1);
    await renderShell({ load });
    await waitFor(() => expect(asked).toContain('user'));
    await act(() => userEvent.click(screen.getByRole('link', { name: 'User-Dashboard' })));
    expect(await screen.findByRole('heading', { name: 'User overview' })).toBeInTheDocument();
    expect(screen.queryByText('This area is unavailable')).not.toBeInTheDocument();
    expect(asked.filter((area) => area === 'user').length).toBeGreaterThanOrEqual(2);
  });
});
