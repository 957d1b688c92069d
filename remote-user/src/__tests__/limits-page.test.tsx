import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRoutes } from '@wallet/shared/router';
import { useSessionLoader } from '@wallet/shared/api';
import {
  merchantApplicationSchema,
  userSchema,
  type KycRequest,
  type MerchantApplication,
  type User,
} from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import {
  apiAnswers,
  kycRequest,
  myKycApi,
  myLimits,
  myLimitsAnswers,
  ok,
  renderWithProviders,
  unverifiedUser,
  user,
} from '@wallet/shared/testing';
import { i18n } from '@wallet/shared/i18n';
import { menu } from '../menu';
import { routes } from '../routes';

/** The user area as the host mounts it, with the host's session loader (GET /user/me). */
function UserArea() {
  useSessionLoader();
  return useRoutes(routes);
}

async function openLimits(me: User, { latest = null as KycRequest | null } = {}) {
  apiAnswers('get', '/user/me', [ok(userSchema, me, { message: 'User retrieved' })]);
  const limits = myLimitsAnswers(myLimits(me.tier, { used: { transfer: { day: 20_000 } } }));
  // Only an email-verified person's page reads their review: any other call would fail the test.
  const kyc = me.tier === 'EMAIL_VERIFIED' ? myKycApi({ me, latest }) : null;
  await renderWithProviders(<UserArea />, { route: '/limits' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Limits' })).toBeInTheDocument();
  // The section waits for the session (GET /user/me) to know the person's tier.
  await screen.findByRole('region', { name: 'Identity review' });
  return { limits, kyc };
}

const review = () => screen.getByRole('region', { name: 'Identity review' });
const askButton = () => within(review()).queryByRole('button', { name: 'Ask for a review' });

describe('limits page', () => {
  it('should be in the menu, after Analytics', () => {
    // Titles are message ids of the area's catalog, which the host shows in the page's language.
    const items = menu.flatMap((group) => group.items).map(({ title, url }) => [i18n._(title), url]);
    expect(items.at(-3)).toEqual(['Analytics', '/user/analytics']);
    expect(items.at(-2)).toEqual(['Limits', '/user/limits']);
  });

  it('should show the identity review, then each limit, with headings in order', async () => {
    await openLimits(user());
    expect(
      await screen.findByRole('progressbar', { name: 'Send money today: 20,000.00 of 25,000.00 Taka used' }),
    ).toBeInTheDocument();
    const headings = screen.getAllByRole('heading').map((heading) => [heading.tagName, heading.textContent]);
    expect(headings).toEqual([
      ['H1', 'Limits'],
      ['H2', 'Identity review'],
      ['H2', 'Add money'],
      ['H2', 'Send money'],
      ['H2', 'Cash out'],
      ['H2', 'Cash in (received)'],
      ['H2', 'Payments'],
      ['H2', 'Balance'],
      ['H2', 'Sell with your wallet'],
    ]);
    expect(within(review()).getByText('Email verified')).toBeInTheDocument();
  });

  it('should ask for a review, toast the answer and show the request waiting', async () => {
    const { kyc, limits } = await openLimits(user());
    await userEvent.click(await within(review()).findByRole('button', { name: 'Ask for a review' }));
    expect(await screen.findByText('Your request for a review was sent')).toBeInTheDocument();
    expect(await within(review()).findByText(/Your review is waiting for an admin/)).toHaveTextContent(
      `Your review is waiting for an admin. You asked on ${formatDateTime(kyc!.now)}.`,
    );
    expect(askButton()).not.toBeInTheDocument();
    expect(kyc!.asked).toBe(1);
    expect(limits).toHaveLength(1);
  });

  it('should show a waiting request and offer nothing more', async () => {
    await openLimits(user(), { latest: kycRequest() });
    expect(await within(review()).findByText(/Your review is waiting for an admin/)).toBeInTheDocument();
    expect(askButton()).not.toBeInTheDocument();
  });

  it("should show a rejected request with the admin's reason, and let the person ask again", async () => {
    const rejected = kycRequest({ status: 'rejected', reason: 'The name differs', decidedAt: '2025-06-02T00:00:00Z' });
    await openLimits(user(), { latest: rejected });
    expect(await within(review()).findByText(/Your last review was rejected/)).toHaveTextContent(
      'Your last review was rejected. The reason given: The name differs',
    );
    expect(askButton()).toBeEnabled();
  });

  it("should show the request asked for meanwhile in another tab, with the server's message", async () => {
    const { kyc } = await openLimits(user());
    const ask = await within(review()).findByRole('button', { name: 'Ask for a review' });
    kyc!.latest = kycRequest();
    await userEvent.click(ask);
    expect(await screen.findByText('Your request is already waiting for a review')).toBeInTheDocument();
    expect(await within(review()).findByText(/Your review is waiting for an admin/)).toBeInTheDocument();
    expect(askButton()).not.toBeInTheDocument();
  });

  it('should keep the button and say what went wrong when the request fails', async () => {
    // The failing server is logged (SWR's onError); the person reads it in the section.
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { kyc } = await openLimits(user());
    kyc!.refuse = { status: 503, message: 'The service is unavailable. Please try again in a moment.' };
    await userEvent.click(await within(review()).findByRole('button', { name: 'Ask for a review' }));
    expect(await within(review()).findByRole('alert')).toHaveTextContent(
      'The service is unavailable. Please try again in a moment.',
    );
    expect(askButton()).toBeEnabled();
    logged.mockRestore();
  });

  it('should tell an unverified person to verify their email first, and only let them add money', async () => {
    await openLimits(unverifiedUser());
    expect(await screen.findByText(/Verify your email first/)).toBeInTheDocument();
    expect(within(review()).getByText('Unverified')).toBeInTheDocument();
    expect(askButton()).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend the link' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Add money' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Send money' })).not.toBeInTheDocument();
  });

  it('should say an approved identity is verified', async () => {
    await openLimits(user({ tier: 'KYC_APPROVED' }));
    expect(within(review()).getByText('Identity verified')).toBeInTheDocument();
    expect(askButton()).not.toBeInTheDocument();
    expect(
      await screen.findByRole('progressbar', { name: 'Send money today: 20,000.00 of 50,000.00 Taka used' }),
    ).toBeInTheDocument();
  });

  describe('selling with the wallet', () => {
    const shop = (fields: Partial<MerchantApplication> = {}): MerchantApplication => ({
      _id: '00000000-0000-4000-8000-000000000901',
      status: 'pending',
      businessName: 'Rahim Store',
      businessNameBn: 'রহিম স্টোর',
      category: '5411',
      city: 'Dhaka',
      cityBn: 'ঢাকা',
      reason: null,
      requestedAt: '2026-11-20T10:00:00.000Z',
      decidedAt: null,
      ...fields,
    });
    const section = () => screen.getByRole('region', { name: 'Sell with your wallet' });

    it('should take a verified user’s application, checked by the contract, and show it waiting', async () => {
      apiAnswers('get', '/user/merchant-application', [
        ok(merchantApplicationSchema.nullable(), null, { message: 'x' }),
      ]);
      const sent = apiAnswers('post', '/user/merchant-application', [
        ok(merchantApplicationSchema, shop(), { status: 201, message: 'Your application was sent' }),
      ]);
      await openLimits(user({ tier: 'KYC_APPROVED' }));
      const form = await within(section()).findByRole('button', { name: 'Apply as a merchant' });
      await userEvent.type(within(section()).getByRole('textbox', { name: 'Business name' }), 'A'.repeat(26));
      await userEvent.click(form);
      expect(await within(section()).findByText('Business name must be at most 25 characters')).toBeInTheDocument();
      expect(sent).toEqual([]);
      await userEvent.clear(within(section()).getByRole('textbox', { name: 'Business name' }));
      await userEvent.type(within(section()).getByRole('textbox', { name: 'Business name' }), 'Rahim Store');
      await userEvent.type(within(section()).getByRole('textbox', { name: 'Business name in Bangla' }), 'রহিম স্টোর');
      await userEvent.selectOptions(
        within(section()).getByRole('combobox', { name: 'What you sell' }),
        'Groceries and supermarkets',
      );
      await userEvent.type(within(section()).getByRole('textbox', { name: 'City' }), 'Dhaka');
      await userEvent.type(within(section()).getByRole('textbox', { name: 'City in Bangla' }), 'ঢাকা');
      await userEvent.click(form);
      expect(await screen.findByText('Your application was sent')).toBeInTheDocument();
      expect(sent.map((request) => request.body)).toEqual([
        { businessName: 'Rahim Store', businessNameBn: 'রহিম স্টোর', category: '5411', city: 'Dhaka', cityBn: 'ঢাকা' },
      ]);
      expect(
        await within(section()).findByText(
          `Your application for Rahim Store is waiting for a compliance officer. You applied on ${formatDateTime('2026-11-20T10:00:00.000Z')}.`,
        ),
      ).toBeInTheDocument();
      expect(within(section()).queryByRole('button', { name: 'Apply as a merchant' })).not.toBeInTheDocument();
    });

    it('should show a rejected application’s reason, with the form again', async () => {
      apiAnswers('get', '/user/merchant-application', [
        ok(merchantApplicationSchema.nullable(), shop({ status: 'rejected', reason: 'No trade licence' }), {
          message: 'x',
        }),
      ]);
      await openLimits(user({ tier: 'KYC_APPROVED' }));
      expect(
        await within(section()).findByText('Your last application was rejected. The reason given: No trade licence'),
      ).toBeInTheDocument();
      expect(within(section()).getByRole('button', { name: 'Apply as a merchant' })).toBeInTheDocument();
    });

    it('should tell a person whose identity is not verified yet to wait, with no form', async () => {
      await openLimits(user({ tier: 'EMAIL_VERIFIED' }));
      expect(
        within(section()).getByText(
          'Once we have verified your identity, you can apply to take payments as a merchant.',
        ),
      ).toBeInTheDocument();
      expect(within(section()).queryByRole('button', { name: 'Apply as a merchant' })).not.toBeInTheDocument();
    });

    it('should show a merchant its profile', async () => {
      const merchant = {
        _id: '00000000-0000-4000-8000-000000000902',
        name: 'Rahim Store',
        nameBn: 'রহিম স্টোর',
        category: '5411' as const,
        city: 'Dhaka',
        cityBn: 'ঢাকা',
        since: '2026-11-21T10:00:00.000Z',
      };
      await openLimits(user({ tier: 'KYC_APPROVED', merchant }));
      expect(
        await within(section()).findByText(
          'You are a merchant: Rahim Store (রহিম স্টোর), Groceries and supermarkets, Dhaka.',
        ),
      ).toBeInTheDocument();
    });
  });
});
