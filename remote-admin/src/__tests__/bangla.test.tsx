import { act, screen, within } from '@testing-library/react';
import { PIN_TEXTS } from '@wallet/shared/contracts';
import { i18n, setLanguage } from '@wallet/shared/i18n';
import { adminUserRow, feesApi, renderWithProviders } from '@wallet/shared/testing';
import { adminApi } from '@wallet/shared/testing/admin-api';
import { menu } from '../menu';
import AllUserPage from '../pages/all-user-page';
import FeesPage from '../pages/fees-page';

/** The part of Node's fs the catalog checks read (this package's code runs in the browser: no Node types). */
interface Files {
  readFileSync(file: string, encoding: 'utf8'): string;
}
declare const __dirname: string;
const fs = jest.requireActual<Files>('node:fs');
/** A catalog as written (its import goes through the Lingui transform, which compiles it). */
const readCatalog = (language: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(`${__dirname}/../locales/${language}/admin.json`, 'utf8'));

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('the admin area in Bangla', () => {
  it('should show the users list in Bangla, the balance in Bangla digits, names and emails as they are', async () => {
    adminApi({ people: [adminUserRow(1)] });
    await act(() => setLanguage('bn'));
    await renderWithProviders(<AllUserPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'সব ব্যবহারকারী' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'নাম বা ইমেইল দিয়ে খুঁজুন' })).toBeInTheDocument();
    const row = await rowOf('Person 1');
    expect(within(row).getByText('person1@example.com')).toBeInTheDocument();
    expect(within(row).getByText('৫০.০০৳')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'এজেন্ট বানান' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'ওয়ালেট বন্ধ করুন' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'ব্যবহারকারী' });
    expect(within(table).getByRole('columnheader', { name: 'ব্যালেন্স' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'করণীয়' })).toBeInTheDocument();
  });

  it('should switch the fee schedule to Bangla in place, figures in Bangla digits, and back to English', async () => {
    feesApi();
    await renderWithProviders(<FeesPage />);
    expect(await screen.findByText('0.4% of the amount (4.00 Taka per 1,000)')).toBeInTheDocument();
    await act(() => setLanguage('bn'));
    expect(screen.getByRole('heading', { level: 1, name: 'ফি' })).toBeInTheDocument();
    expect(screen.getByText(/ব্যাংক থেকে জমা সবসময় ফ্রি/)).toBeInTheDocument();
    expect(screen.getByText('পরিমাণের ০.৪% (প্রতি ১,০০০৳-এ ৪.০০৳)')).toBeInTheDocument();
    expect(screen.getByText('ফি-র ২২%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'বদলান: ক্যাশ আউট ফি' })).toBeInTheDocument();
    await act(() => setLanguage('en'));
    expect(screen.getByRole('button', { name: 'Edit Cash out fees' })).toBeInTheDocument();
  });

  it("should title the sidebar's menu by ids the host shows in Bangla", async () => {
    await act(() => setLanguage('bn'));
    expect(menu.map((group) => i18n._(group.title))).toEqual(['অ্যাডমিন']);
    expect(menu[0]!.items.map((item) => i18n._(item.title))).toEqual([
      'সব ব্যবহারকারী',
      'সব এজেন্ট',
      'সব লেনদেন',
      'অডিট লগ',
      'রিলিজ',
      'যাচাই',
      'সীমা',
      'ফি',
      'অনুমোদন',
      'অভিযোগ',
      'স্টাফ',
      'নিরাপত্তা',
    ]);
  });
});

describe('the admin catalog', () => {
  const english = readCatalog('en');
  const bangla = readCatalog('bn');

  // Same keys in both languages and ids under 'admin.': shared/src/i18n/__tests__/catalog-parity.test.ts.
  it('should write Bangla without Latin words, but for the example of a token name', () => {
    const latin = Object.entries(bangla)
      // Placeholders and the plural's syntax are no words on screen.
      .map(
        ([id, message]) =>
          [id, message.replace(/\{\w+(, plural,)?|\b(one|other) \{/g, '').match(/[A-Za-z]+/g)] as const,
      )
      .filter(([, words]) => words !== null);
    expect(latin).toEqual([['admin.token.nameHelp', ['ci']]]);
  });

  it('should say in English what the PIN contract says', () => {
    expect(english['admin.pin.unlocked']).toBe(PIN_TEXTS.unlocked);
  });
});
