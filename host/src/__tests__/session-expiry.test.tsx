import { screen } from '@testing-library/react';
import { http } from 'msw';
import useSWR from 'swr';
import { fail, server, withRole } from '@wallet/shared/testing';
import { AREA_ROUTES, meAnswers, renderShell } from '../testing/render-shell';

function WalletBalance() {
  const { data } = useSWR<{ balance: number }>('/wallet/me');
  return <h1>{data ? `Balance $${data.balance}` : 'User overview'}</h1>;
}

describe('session expiry', () => {
  const overview = AREA_ROUTES.user[0]!;
  const original = overview.element;
  beforeEach(() => {
    overview.element = <WalletBalance />;
  });
  afterEach(() => {
    overview.element = original;
  });

  it('should sign out and send the person to /login when the API answers 401 mid-session', async () => {
    meAnswers(withRole('USER'));
    server.use(http.get('*/api/v1/wallet/me', () => fail(401, 'Please log in')));
    await renderShell({ route: '/user/overview' });
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('should keep the session when the API answers 403', async () => {
    meAnswers(withRole('USER'));
    server.use(http.get('*/api/v1/wallet/me', () => fail(403, 'Wallet is blocked')));
    await renderShell({ route: '/user/overview' });
    expect(await screen.findByRole('heading', { name: 'User overview' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });
});
