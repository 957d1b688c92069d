import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REFUND_TEXTS } from '@wallet/shared/contracts';
import { i18n, setLanguage } from '@wallet/shared/i18n';
import { useSession } from '@wallet/shared/session';
import { renderWithProviders } from '@wallet/shared/testing';
import { menu } from '../menu';
import OverviewPage from '../pages/overview-page';
import { merchantApi, payment, shopkeeper } from './merchant-api';
import { installSpeech, withSpeech } from './speaking';

/** The part of Node's fs the catalog checks read (this package's code runs in the browser: no Node types). */
interface Files {
  readFileSync(file: string, encoding: 'utf8'): string;
}
declare const __dirname: string;
const fs = jest.requireActual<Files>('node:fs');
/** A catalog as written (its import goes through the Lingui transform, which compiles it). */
const readCatalog = (language: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(`${__dirname}/../locales/${language}/merchant.json`, 'utf8'));

withSpeech();

describe('the merchant area in Bangla', () => {
  it('should list the menu in English, back to the wallet last, and name it in Bangla', async () => {
    const titles = () => menu.flatMap((group) => group.items).map(({ title }) => i18n._(title));
    expect(menu.flatMap((group) => group.items).map(({ url }) => url)).toEqual([
      '/merchant/overview',
      '/merchant/qr',
      '/merchant/links',
      '/merchant/history',
      '/merchant/analytics',
    ]);
    expect(titles()).toEqual(['Overview', 'QR code', 'Payment links', 'History', 'Analytics']);
    await act(() => setLanguage('bn'));
    expect(i18n._(menu[0]!.title)).toBe('দোকান');
    expect(titles()).toEqual(['সারসংক্ষেপ', 'কিউআর কোড', 'পেমেন্ট লিংক', 'লেনদেনের ইতিহাস', 'বিশ্লেষণ']);
  });

  it("should show today's payments in Bangla digits, and read one aloud in Bangla", async () => {
    const spoken = installSpeech('en-US', 'bn-BD');
    merchantApi({ payments: [payment(12, { amount: 1250 }), payment(1)] });
    useSession.setState({ user: shopkeeper(), status: 'signed-in' });
    await renderWithProviders(<OverviewPage />);
    expect(await screen.findByText('Payer 12')).toBeInTheDocument();
    await act(() => setLanguage('bn'));
    expect(screen.getByRole('heading', { level: 1, name: 'আজ আপনার দোকানে' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'পেয়েছেন' })).toHaveTextContent('১,৩৫০.০০৳');
    const table = screen.getByRole('table', { name: 'আজকের পেমেন্ট' });
    expect(within(table).getByRole('columnheader', { name: 'পরিমাণ (৳)' })).toBeInTheDocument();
    const row = within(table).getByText('Payer 12').closest('tr')!;
    expect(within(row).getByText('১,২৫০.০০')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'পড়ে শোনান: Payer 12-এর কাছ থেকে ১,২৫০.০০৳' }));
    expect(spoken).toEqual([{ text: '১২৫০ টাকা পেয়েছেন', lang: 'bn-BD' }]);
  });
});

describe('the merchant catalog', () => {
  const english = readCatalog('en');
  const bangla = readCatalog('bn');

  it('should have every message in both languages, and none empty', () => {
    expect(Object.keys(bangla).sort()).toEqual(Object.keys(english).sort());
    expect(Object.entries(bangla).filter(([, message]) => !message.trim())).toEqual([]);
    expect(Object.keys(english).filter((id) => !id.startsWith('merchant.'))).toEqual([]);
  });

  it('should write Bangla without Latin letters', () => {
    const latin = Object.entries(bangla)
      // Placeholders and the plural's syntax are no words on screen.
      .map(([id, message]) => [id, message.replace(/\{\w+(, plural,)?|\b(one|other) \{/g, '').match(/[A-Za-z]+/g)])
      .filter(([, words]) => words !== null);
    expect(latin).toEqual([]);
  });

  it("should say in English what the refund's contract says", () => {
    expect(english['merchant.refund.success']).toBe(REFUND_TEXTS.refunded);
  });
});
