import fs from 'node:fs';
import { act } from '@testing-library/react';
import { NOTIFICATION_KINDS, MONEY_NOTIFICATION_KINDS, type Notification } from '@wallet/shared/contracts';
import { i18n, setLanguage } from '@wallet/shared/i18n';
import { notification } from '@wallet/shared/testing';
import { hostCatalogReady, type HostMessage } from '../i18n';
import { notificationLink, notificationSentence } from '../notifications/notification-text';

const readCatalog = (language: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(`${__dirname}/../locales/${language}/host.json`, 'utf8'));

const t = (id: HostMessage, values?: Record<string, unknown>) => i18n._(id, values);
const of = (kind: Notification['kind'], fields: Partial<Notification> = {}) =>
  notification(1, { kind, counterpart: kind === 'dispute_outcome' ? 'rejected' : 'Karim', ...fields });

// The shell's catalog, which the page waits for before it shows anything.
beforeAll(() => hostCatalogReady);

describe("the bell's sentences", () => {
  it("should write Bangla without Latin letters, but for the sidebar's keyboard shortcut", () => {
    const latin = Object.entries(readCatalog('bn'))
      .map(([id, message]) => [id, message.replace(/\{\w+\}/g, '').match(/[A-Za-z]+/g)] as const)
      .filter(([, words]) => words !== null);
    expect(latin).toEqual([['host.dashboard.toggleSidebarHint', ['Ctrl', 'B']]]);
  });

  it.each(['en', 'bn'] as const)('should word every kind in %s, each its own way', async (language) => {
    await act(() => setLanguage(language));
    const sentences = NOTIFICATION_KINDS.map((kind) => notificationSentence(t, of(kind)));
    expect(sentences.filter((sentence) => sentence.startsWith('host.'))).toEqual([]);
    expect(new Set(sentences).size).toBe(NOTIFICATION_KINDS.length);
    const reversed = notificationSentence(t, of('dispute_outcome', { counterpart: 'reversed' }));
    expect(sentences).not.toContain(reversed);
    if (language === 'bn')
      expect(sentences.filter((sentence) => /[A-Za-z]/.test(sentence.replace('Karim', '')))).toEqual([]);
  });

  it('should name "someone" where the other side is unknown, and still speak of a kind it does not know', () => {
    expect(notificationSentence(t, of('money_received', { counterpart: null }))).toBe(
      'You received 500.00 Taka from someone',
    );
    expect(notificationSentence(t, of('gift' as Notification['kind']))).toBe('Something changed in your account');
  });
});

describe("where the bell's notifications lead", () => {
  it("should open every money notification's movement in the history, by its type and day", () => {
    for (const kind of MONEY_NOTIFICATION_KINDS)
      expect(notificationLink(of(kind, { createdAt: '2025-03-04T23:30:00.000Z' }), '/agent')).toMatch(
        /^\/agent\/history\?type=[a-z-]+&from=2025-03-04&to=2025-03-04$/,
      );
  });

  it("should open a rejected report's transfers, the security page for a sign-in or a PIN, and nothing for a request", () => {
    expect(notificationLink(of('dispute_outcome', { transactionId: null }), '/user')).toBe(
      '/user/history?type=transfer',
    );
    expect(notificationLink(of('pin_changed'), '/user')).toBe('/user/security');
    expect(notificationLink(of('new_device'), '/admin')).toBe('/admin/security');
    expect(notificationLink(of('request_received'), '/user')).toBeUndefined();
    expect(notificationLink(of('request_declined'), '/user')).toBeUndefined();
    // No area of their own in the runtime config: nowhere to go.
    expect(notificationLink(of('money_received'), undefined)).toBeUndefined();
  });
});
