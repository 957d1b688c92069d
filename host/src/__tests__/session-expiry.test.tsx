import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import useSWR from 'swr';
import { AREA_ROUTES, meAnswers, renderShell, userWithRole } from '../testing/render-shell';
import { server } from '../testing/server';

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
    meAnswers(userWithRole('USER'));
    server.use(
      http.get('*/api/v1/wallet/me', () =>
        HttpResponse.json({ success: false, statusCode: 401, message: 'Please log in' }, { status: 401 }),
      ),
    );
    await renderShell({ route: '/user/overview' });
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('should keep the session when the API answers 403', async () => {
    meAnswers(userWithRole('USER'));
    server.use(
      http.get('*/api/v1/wallet/me', () =>
        HttpResponse.json({ success: false, statusCode: 403, message: 'Wallet is blocked' }, { status: 403 }),
      ),
    );
    await renderShell({ route: '/user/overview' });
    expect(await screen.findByRole('heading', { name: 'User overview' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });
});
