import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@wallet/shared/testing';
import { ThemeToggle } from '../../layout/theme-toggle';
import { useThemeColorMeta } from '../theme-color';

/** The device's scheme, as the theme's media query reads it. */
function deviceScheme(scheme: 'light' | 'dark') {
  window.matchMedia = jest.fn().mockImplementation((query: string) => ({
    matches: query.includes(scheme),
    media: query,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
    addListener: jest.fn(),
    removeListener: jest.fn(),
    onchange: null,
    dispatchEvent: jest.fn(),
  }));
}

/** What the built page's head starts with (shared/src/build/color-scheme.js): one colour per device scheme. */
function pageHead() {
  document.head.insertAdjacentHTML(
    'afterbegin',
    '<meta name="theme-color" content="#f5f5f5" media="(prefers-color-scheme: light)">' +
      '<meta name="theme-color" content="#121212" media="(prefers-color-scheme: dark)">',
  );
}

const themeColorTags = () => [...document.head.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')];
const themeColors = () =>
  themeColorTags().map((meta) => ({
    content: meta.content,
    media: meta.getAttribute('media'),
  }));

function HeaderWithThemeColor() {
  useThemeColorMeta();
  return <ThemeToggle />;
}

async function choose(label: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Toggle theme' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: label }));
}

describe('the theme colour', () => {
  afterEach(() => {
    themeColorTags().forEach((meta) => meta.remove());
    jest.restoreAllMocks();
  });

  it("should leave one theme-color, the header's colour in the scheme the page shows", async () => {
    deviceScheme('light');
    pageHead();
    await renderWithProviders(<HeaderWithThemeColor />);
    await waitFor(() => expect(themeColors()).toEqual([{ content: '#f5f5f5', media: null }]));
  });

  it('should follow the theme chosen with the toggle, whatever the device prefers', async () => {
    deviceScheme('light');
    pageHead();
    await renderWithProviders(<HeaderWithThemeColor />);
    await choose('Dark');
    await waitFor(() => expect(themeColors()).toEqual([{ content: '#121212', media: null }]));
    await choose('Light');
    await waitFor(() => expect(themeColors()).toEqual([{ content: '#f5f5f5', media: null }]));
  });

  it("should follow the device's scheme when the choice is System, and write its own tag when the page had none", async () => {
    deviceScheme('dark');
    await renderWithProviders(<HeaderWithThemeColor />);
    await choose('System');
    await waitFor(() => expect(themeColors()).toEqual([{ content: '#121212', media: null }]));
  });
});
