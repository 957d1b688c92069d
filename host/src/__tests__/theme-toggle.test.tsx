import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@wallet/shared/testing';
import { ThemeToggle } from '../layout/theme-toggle';

function osPrefersDark(dark: boolean) {
  window.matchMedia = jest.fn().mockImplementation((query: string) => ({
    matches: dark && query.includes('dark'),
    media: query,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
    addListener: jest.fn(),
    removeListener: jest.fn(),
    onchange: null,
    dispatchEvent: jest.fn(),
  }));
}

async function choose(label: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Toggle theme' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: label }));
}

describe('theme', () => {
  afterEach(() => jest.restoreAllMocks());

  it('should offer light, dark and system', async () => {
    osPrefersDark(false);
    await renderWithProviders(<ThemeToggle />);
    await userEvent.click(screen.getByRole('button', { name: 'Toggle theme' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'Light',
      'Dark',
      'System',
    ]);
  });

  it('should default to system and follow the OS preference', async () => {
    osPrefersDark(true);
    await renderWithProviders(<ThemeToggle />);
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
    expect([null, 'system']).toContain(localStorage.getItem('vite-ui-theme'));
  });

  it('should save the chosen theme under vite-ui-theme and put its class on <html>', async () => {
    osPrefersDark(false);
    await renderWithProviders(<ThemeToggle />);
    await choose('Dark');
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
    expect(document.documentElement).not.toHaveClass('light');
    expect(localStorage.getItem('vite-ui-theme')).toBe('dark');
    await choose('Light');
    await waitFor(() => expect(document.documentElement).toHaveClass('light'));
    expect(localStorage.getItem('vite-ui-theme')).toBe('light');
  });

  it('should start with the theme saved on an earlier visit', async () => {
    osPrefersDark(false);
    localStorage.setItem('vite-ui-theme', 'dark');
    await renderWithProviders(<ThemeToggle />);
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
  });
});
