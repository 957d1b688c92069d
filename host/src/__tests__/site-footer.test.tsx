import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@wallet/shared/testing';
import { SiteFooter } from '../layout/site-footer';

describe('site footer', () => {
  it('should show the brand, About, Contact, the two placeholder links and the 2025 copyright', async () => {
    await renderWithProviders(<SiteFooter />);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Digital Wallet')).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    expect(within(footer).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Licensing' })).toBeInTheDocument();
    expect(within(footer).getByText(/© 2025/)).toBeInTheDocument();
  });

  it('should go nowhere from the placeholder links', async () => {
    await renderWithProviders(<SiteFooter />, { route: '/about' });
    await userEvent.click(screen.getByRole('link', { name: 'Privacy Policy' }));
    await userEvent.click(screen.getByRole('link', { name: 'Licensing' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/about');
    expect(window.location.hash).toBe('');
  });
});
