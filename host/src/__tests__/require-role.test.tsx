import { screen } from '@testing-library/react';
import { withRole } from '@wallet/shared/testing';
import { meAnswers, renderShell } from '../testing/render-shell';

describe('route guard', () => {
  it('should send a visitor from /user/overview to /login', async () => {
    meAnswers(null);
    await renderShell({ route: '/user/overview' });
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('should send a USER from /admin/all-user to /unauthorized', async () => {
    meAnswers(withRole('USER'));
    await renderShell({ route: '/admin/all-user' });
    expect(await screen.findByRole('heading', { name: 'Unauthorized page' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/unauthorized');
  });

  it.each([
    ['USER', '/user/overview', 'User overview'],
    ['AGENT', '/agent/cash-in', 'Agent cash-in'],
    ['ADMIN', '/admin/all-user', 'Admin all users'],
  ] as const)('should let a %s into %s', async (role, route, heading) => {
    meAnswers(withRole(role));
    await renderShell({ route });
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(route);
  });
});
