import type { ReactElement } from 'react';
import { act, render, type RenderResult } from '@testing-library/react';
import { useLocation } from '@wallet/shared/router';
import { MemoryRouter } from './memory-router';
import { AppProviders } from '@wallet/shared/providers';
import { useSession } from '@wallet/shared/session';

/** Shows where the app navigated to, so a test asserts the path a person would see. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/**
 * Renders as the host does (theme, SWR with an empty cache, toasts) at `route`, inside an awaited
 * `act`: lazy pages and remote modules suspend, and React only resumes them in an async act.
 */
export async function renderWithProviders(
  ui: ReactElement,
  { route = '/' }: { route?: string } = {},
): Promise<RenderResult> {
  let result: RenderResult | undefined;
  await act(async () => {
    result = render(
      <AppProviders swr={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <MemoryRouter initialEntries={[route]}>
          {ui}
          <LocationProbe />
        </MemoryRouter>
      </AppProviders>,
    );
  });
  return result!;
}

export function resetSession() {
  useSession.setState({ user: null, status: 'loading' });
}
