import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  NOTIFICATIONS_PATH as CONTRACT_PATH,
  NOTIFICATIONS_READ_PATH as CONTRACT_READ_PATH,
} from '@wallet/shared/contracts';
import { NOTIFICATIONS_PATH, NOTIFICATIONS_READ_PATH, useNotifications } from '@wallet/shared/data';
import { fail, fixtureId, notification, notificationsApi, renderWithProviders, server } from '@wallet/shared/testing';
import { http } from 'msw';

/** The hook's rows and count, and its two ways of marking. */
function Probe() {
  const { notifications, unread, markRead } = useNotifications();
  return (
    <>
      <output aria-label="Unread">{unread}</output>
      <ul>
        {notifications.map((row) => (
          <li key={row._id}>{`${row.counterpart} ${row.readAt === null ? 'unread' : 'read'}`}</li>
        ))}
      </ul>
      <button onClick={() => void markRead([notifications[1]!._id])}>Mark the second</button>
      <button onClick={() => void markRead('all')}>Mark all</button>
    </>
  );
}

const unreadCount = () => screen.getByRole('status', { name: 'Unread' });
const rows = () => screen.getAllByRole('listitem').map((row) => row.textContent);

afterEach(() => server.events.removeAllListeners());

describe('useNotifications', () => {
  it('should ask the paths the contract names', () => {
    expect(NOTIFICATIONS_PATH).toBe(CONTRACT_PATH);
    expect(NOTIFICATIONS_READ_PATH).toBe(CONTRACT_READ_PATH);
  });

  it('should read the latest ten, newest first, with the unread count beside them', async () => {
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => asked.push(new URL(request.url).search));
    const names = ['Ana', 'Bina', 'Chandra', 'Dipu', 'Emon', 'Farida', 'Gazi', 'Hasan', 'Imran', 'Jui', 'Kona', 'Lipi'];
    notificationsApi(
      names.map((counterpart, n) =>
        notification(n, { counterpart, readAt: n < 3 ? null : '2025-03-02T00:00:00.000Z' }),
      ),
    );
    await renderWithProviders(<Probe />);
    await waitFor(() => expect(unreadCount()).toHaveTextContent('3'));
    expect(rows()).toHaveLength(10);
    expect(rows()[0]).toBe('Ana unread');
    expect(rows()[9]).toBe('Jui read');
    expect(asked).toEqual(['?page=1&limit=10']);
  });

  it('should mark one read and take the count from the reply', async () => {
    const api = notificationsApi([notification(1, { counterpart: 'Ana' }), notification(2, { counterpart: 'Bina' })]);
    await renderWithProviders(<Probe />);
    await waitFor(() => expect(unreadCount()).toHaveTextContent('2'));
    await userEvent.click(screen.getByRole('button', { name: 'Mark the second' }));
    await waitFor(() => expect(unreadCount()).toHaveTextContent('1'));
    expect(rows()).toEqual(['Ana unread', 'Bina read']);
    expect(api.marks).toEqual([{ ids: [fixtureId(902)] }]);
  });

  it('should mark every one read', async () => {
    const api = notificationsApi([notification(1), notification(2), notification(3)]);
    await renderWithProviders(<Probe />);
    await waitFor(() => expect(unreadCount()).toHaveTextContent('3'));
    await userEvent.click(screen.getByRole('button', { name: 'Mark all' }));
    await waitFor(() => expect(unreadCount()).toHaveTextContent('0'));
    expect(rows()).toEqual(['Karim read', 'Karim read', 'Karim read']);
    expect(api.marks).toEqual([{ all: true }]);
  });

  it('should keep the count it had, and reject, when marking is refused', async () => {
    notificationsApi([notification(1), notification(2)]);
    server.use(
      http.post('*/api/v1/notifications/read', () => fail(503, 'Service temporarily unavailable. Please try again.')),
    );
    // SWR logs a failing server's answer; the caller says it to the person.
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    function Refused() {
      const { unread, markRead } = useNotifications();
      const [said, setSaid] = useState('');
      return (
        <>
          <output aria-label="Unread">{unread}</output>
          <button onClick={() => markRead('all').catch((error: Error) => setSaid(error.message))}>Mark all</button>
          <p>{said}</p>
        </>
      );
    }
    await renderWithProviders(<Refused />);
    await waitFor(() => expect(unreadCount()).toHaveTextContent('2'));
    await userEvent.click(screen.getByRole('button', { name: 'Mark all' }));
    expect(await screen.findByText('Service temporarily unavailable. Please try again.')).toBeInTheDocument();
    expect(unreadCount()).toHaveTextContent('2');
    logged.mockRestore();
  });
});
