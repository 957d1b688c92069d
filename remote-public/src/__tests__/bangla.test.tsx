import { act, screen } from '@testing-library/react';
import { useRoutes } from '@wallet/shared/router';
import { useSession } from '@wallet/shared/session';
import { ROLE_HOME } from '@wallet/shared/areas';
import { VERIFICATION_ERRORS, VERIFICATION_TEXTS } from '@wallet/shared/contracts';
import { setLanguage } from '@wallet/shared/i18n';
import { renderWithProviders } from '@wallet/shared/testing';
import { routes } from '../routes';

function PublicArea() {
  return useRoutes(routes);
}

const renderRoute = (route: string) => renderWithProviders(<PublicArea />, { route });

/** The part of Node's fs the catalog checks read (this package's code runs in the browser: no Node types). */
interface Files {
  readFileSync(file: string, encoding: 'utf8'): string;
}
declare const __dirname: string;
const fs = jest.requireActual<Files>('node:fs');
const LOCALES = `${__dirname}/../locales`;
/** A catalog as written (its import goes through the Lingui transform, which compiles it). */
const readCatalog = (language: string, name: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(`${LOCALES}/${language}/${name}`, 'utf8'));

describe('the public site in Bangla', () => {
  beforeEach(() => useSession.getState().signOut());
  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  it('should switch the landing page to Bangla in place, and back to English', async () => {
    await renderRoute('/');
    expect(await screen.findByRole('heading', { name: 'Welcome to Digital Wallet' })).toBeInTheDocument();
    await act(() => setLanguage('bn'));
    expect(screen.getByRole('heading', { name: 'ডিজিটাল ওয়ালেটে স্বাগতম' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'শুরু করুন' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'আরও জানুন' })).toHaveAttribute('href', '/features');
    await act(() => setLanguage('en'));
    expect(screen.getByRole('link', { name: 'Get Started' })).toBeInTheDocument();
  });

  it('should show a lazily loaded page (FAQ) in Bangla when Bangla is already chosen', async () => {
    await act(() => setLanguage('bn'));
    await renderRoute('/faq');
    expect(await screen.findByRole('heading', { level: 1, name: 'সাধারণ জিজ্ঞাসা' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'কীভাবে ওয়ালেট খুলব?' })).toBeInTheDocument();
    expect(screen.getByText(/৫০ টাকা বোনাস/)).toBeInTheDocument();
  });

  it('should keep the link inside a translated sentence on the login page', async () => {
    await act(() => setLanguage('bn'));
    await renderRoute('/login');
    expect(await screen.findByRole('button', { name: 'লগইন' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'রেজিস্টার করুন' })).toHaveAttribute('href', '/register');
  });
});

// Same keys in both languages, every Bangla message written: shared/src/i18n/__tests__/catalog-parity.test.ts.
describe('the catalogs', () => {
  it('should say in English what the contracts and the area registry say', () => {
    const auth = readCatalog('en', 'auth.json');
    expect(auth['public.verify.linkInvalid']).toBe(VERIFICATION_ERRORS.LINK_INVALID.message);
    expect(auth['public.verify.verified']).toBe(VERIFICATION_TEXTS.verified);
    for (const [role, home] of Object.entries(ROLE_HOME)) expect(auth[`public.verify.next.${role}`]).toBe(home.label);
  });
});
