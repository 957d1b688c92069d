import { act, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import {
  currentLanguage,
  i18n,
  registerCatalog,
  setLanguage,
  useTranslate,
  type CompiledCatalog,
} from '@wallet/shared/i18n';
import { asciiDigits, formatTaka } from '@wallet/shared/money';
import { formatDateTime, formatDay } from '@wallet/shared/dates';
import en from './locales/en/sample.json';

const catalog = { en: en as unknown as CompiledCatalog, bn: jest.fn(() => import('./locales/bn/sample.json')) };
const ready = registerCatalog(catalog);

function Greeting() {
  const t = useTranslate<keyof typeof en>();
  return (
    <>
      <p>{t('greeting', { name: 'Rahim' })}</p>
      <p>{t('balance', { amount: formatTaka(1234567.89) })}</p>
    </>
  );
}

describe('the page language', () => {
  it('should show English from the bundled catalog without fetching Bangla', async () => {
    await ready;
    render(
      <I18nProvider i18n={i18n}>
        <Greeting />
      </I18nProvider>,
    );
    expect(screen.getByText('Hello Rahim')).toBeInTheDocument();
    expect(screen.getByText('Balance $ 1,234,567.89')).toBeInTheDocument();
    expect(catalog.bn).not.toHaveBeenCalled();
  });

  it('should switch in place to Bangla: messages, digits, <html lang> and the cookie', async () => {
    render(
      <I18nProvider i18n={i18n}>
        <Greeting />
      </I18nProvider>,
    );
    await act(() => setLanguage('bn'));
    expect(screen.getByText('স্বাগতম, Rahim')).toBeInTheDocument();
    expect(screen.getByText('ব্যালেন্স ১২,৩৪,৫৬৭.৮৯৳')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('bn');
    expect(document.cookie).toContain('wallet_lang=bn');
    expect(currentLanguage()).toBe('bn');

    await act(() => setLanguage('en'));
    expect(screen.getByText('Hello Rahim')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });

  it('should load a catalog registered while Bangla is on before it settles', async () => {
    await setLanguage('bn');
    const late = { en: { messages: { late: ['Late'] } }, bn: async () => ({ messages: { late: ['দেরিতে'] } }) };
    await registerCatalog(late as unknown as typeof catalog);
    expect(i18n._('late')).toBe('দেরিতে');
  });

  it('should load a catalog registered while the switch to Bangla is under way, before it settles', async () => {
    await setLanguage('en');
    // An area's code arrives while the page's catalogs are being fetched in Bangla (a tap on
    // বাংলা as the area loads): its messages must be in Bangla when the switch is done, not ids.
    let arrive!: () => void;
    const slow = {
      en: { messages: { slow: ['Slow'] } },
      bn: () => new Promise<unknown>((resolve) => (arrive = () => resolve({ messages: { slow: ['ধীরে'] } }))),
    };
    const during = {
      en: { messages: { during: ['During'] } },
      bn: async () => ({ messages: { during: ['মাঝপথে'] } }),
    };
    void registerCatalog(slow as unknown as typeof catalog);
    const switching = setLanguage('bn');
    void registerCatalog(during as unknown as typeof catalog);
    arrive();
    await switching;
    expect(currentLanguage()).toBe('bn');
    expect(i18n._('slow')).toBe('ধীরে');
    expect(i18n._('during')).toBe('মাঝপথে');
  });
});

describe('numbers and dates in the page language', () => {
  it('should write Taka and dates in Bangla digits with lakh groups, and read Bangla digits typed', async () => {
    await setLanguage('bn');
    expect(formatTaka(1234567.89)).toBe('১২,৩৪,৫৬৭.৮৯');
    expect(formatDay('2025-03-04')).toBe('৪ মার্চ, ২০২৫');
    expect(formatDateTime('2025-03-04T10:05:00Z')).not.toMatch(/[A-Za-z]/);
    expect(asciiDigits('১২৩.৫০')).toBe('123.50');
    expect(asciiDigits('12৩')).toBe('123');
  });

  it('should keep the English formats to the letter', () => {
    expect(formatTaka(1234.5)).toBe('1,234.50');
    expect(formatDay('2025-03-04')).toBe('4 Mar 2025');
  });
});
