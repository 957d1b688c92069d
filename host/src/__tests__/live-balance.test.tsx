import { act, screen } from '@testing-library/react';
import type { AreaName } from '@wallet/shared/federation';
import { http } from 'msw';
import { walletSchema } from '@wallet/shared/contracts';
import {
  FakeEventSource,
  fixtureId,
  ok,
  withFakeEventSource,
  server,
  walletOf,
  withRole,
} from '@wallet/shared/testing';
import { loadFromAreaRoutes, meAnswers, renderShell } from '../testing/render-shell';

const loadWithoutMenu = async <T,>(area: AreaName, expose: string) =>
  (expose === 'menu' ? { menu: [] } : await loadFromAreaRoutes(area)) as T;

withFakeEventSource();
afterEach(() => {
  server.events.removeAllListeners();
});

describe('live balance', () => {
  it("should show the balance of a wallet event in the header's chip, without asking for the wallet again", async () => {
    const user = withRole('USER');
    meAnswers(user);
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => asked.push(new URL(request.url).pathname));
    await renderShell({ route: '/user/overview', load: loadWithoutMenu });
    expect(await screen.findByText('Balance $ 50.00')).toBeInTheDocument();
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(FakeEventSource.latest!.url).toBe('/api/v1/events');

    act(() => FakeEventSource.latest!.open());
    act(() =>
      FakeEventSource.latest!.send('wallet', {
        wallet: walletOf(user, { balance: 1234.5 }),
        transactionId: fixtureId(7),
      }),
    );
    expect(screen.getByText('Balance $ 1,234.50')).toBeInTheDocument();
    act(() => FakeEventSource.latest!.send('wallet', { wallet: walletOf(user, { balance: 1234.5, isBlocked: true }) }));
    expect(screen.getByText('Wallet blocked')).toBeInTheDocument();
    expect(asked.filter((path) => path === '/api/v1/wallet/me')).toHaveLength(1);
  });

  it('should show what is held and why beside the balance, and drop it when the bonus is let out', async () => {
    const user = withRole('USER');
    meAnswers(user);
    server.use(http.get('*/api/v1/wallet/me', () => ok(walletSchema, walletOf(user, { balance: 50, held: 50 }))));
    await renderShell({ route: '/user/overview', load: loadWithoutMenu });
    expect(await screen.findByText('Balance $ 50.00')).toBeInTheDocument();
    // Not yet KYC-approved: held until staff check who they are.
    expect(screen.getByText('50.00 held until we check your identity')).toBeInTheDocument();
    act(() => FakeEventSource.latest!.open());
    act(() => FakeEventSource.latest!.send('wallet', { wallet: walletOf(user, { balance: 50, held: 0 }) }));
    expect(screen.queryByText(/held/)).not.toBeInTheDocument();
    expect(screen.getByText('Balance $ 50.00')).toBeInTheDocument();
  });

  it("should say an approved person's held bonus waits only for the day's budget", async () => {
    const user = withRole('USER');
    meAnswers({ ...user, tier: 'KYC_APPROVED' });
    server.use(http.get('*/api/v1/wallet/me', () => ok(walletSchema, walletOf(user, { balance: 80, held: 50 }))));
    await renderShell({ route: '/user/overview', load: loadWithoutMenu });
    expect(await screen.findByText('50.00 held: it is let out within a day')).toBeInTheDocument();
  });

  it('should open a stream for an agent', async () => {
    meAnswers(withRole('AGENT'));
    await renderShell({ route: '/agent/cash-in', load: loadWithoutMenu });
    expect(await screen.findByRole('heading', { name: 'Agent cash-in' })).toBeInTheDocument();
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('should open no stream for an admin, who has no wallet', async () => {
    meAnswers(withRole('ADMIN'));
    await renderShell({ route: '/admin/all-user', load: loadWithoutMenu });
    expect(await screen.findByRole('heading', { name: 'Admin all users' })).toBeInTheDocument();
    expect(FakeEventSource.instances).toHaveLength(0);
  });
});
