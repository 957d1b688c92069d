import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, useRoutes } from '@wallet/shared/router';
import { renderWithProviders } from '@wallet/shared/testing';
import { lazyPage } from '../lazy-page';

/** A page module whose download the test finishes when it likes. */
function deferredPage(text: string) {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const load = () => arrived.then(() => ({ default: () => <h1>{text}</h1> }));
  return { load, arrive };
}

describe('lazyPage', () => {
  it('should show the loading state, not the previous page, under an address whose page is still coming', async () => {
    const first = deferredPage('Register');
    const second = deferredPage('Login');
    const routes = [
      { path: '/register', element: lazyPage(first.load) },
      { path: '/login', element: lazyPage(second.load) },
    ];
    function Area() {
      return (
        <>
          <Link to="/login">to login</Link>
          {useRoutes(routes)}
        </>
      );
    }
    await renderWithProviders(<Area />, { route: '/register' });
    await act(async () => first.arrive());
    expect(await screen.findByRole('heading', { name: 'Register' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'to login' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    // The register page is gone at once: nothing typed can land in it.
    expect(screen.queryByRole('heading', { name: 'Register' })).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    await act(async () => second.arrive());
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });
});
