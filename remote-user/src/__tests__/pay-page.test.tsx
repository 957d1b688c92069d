import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import QRCode from 'qrcode';
import { encodeMerchantQr, type MerchantQr } from '@wallet/shared/bangla-qr';
import { merchantProfileSchema, moneyMovementResultSchema } from '@wallet/shared/contracts';
import {
  apiAnswers,
  confirmWithPin,
  fixtureId,
  myLimits,
  myLimitsAnswers,
  ok,
  party,
  renderWithProviders,
  TEST_PIN,
  user,
} from '@wallet/shared/testing';
import { createMoneyApi } from '@wallet/shared/testing/money-api';
import { decodeQr } from '../features/pay/qr-image';
import PayPage from '../pages/pay-page';

const { ME, signedIn, transaction, walletAnswers } = createMoneyApi(user());
const SHOP_ID = fixtureId(4501);

/** The shop as staff verified it (GET /merchants/{id}). */
const verified = ok(
  merchantProfileSchema,
  {
    _id: SHOP_ID,
    name: 'Rahim Store',
    nameBn: 'রহিম স্টোর',
    category: '5411',
    city: 'Dhaka',
    cityBn: 'ঢাকা',
    since: '2026-11-01T00:00:00.000Z',
  },
  { message: 'Merchant retrieved' },
);

/** A QR that says whatever it likes of the shop: only its id is trusted. */
const qr = (fields: Partial<MerchantQr> = {}) =>
  encodeMerchantQr({
    merchantId: SHOP_ID,
    category: '5411',
    name: 'Not The Real Name',
    city: 'Dhaka',
    nameBn: 'রহিম স্টোর',
    cityBn: 'ঢাকা',
    ...fields,
  });

const paid = (amount: number) =>
  ok(
    moneyMovementResultSchema,
    {
      transaction: transaction(amount, {
        _id: fixtureId(88),
        type: 'payment',
        fee: amount / 100,
        sender: party(ME),
        receiver: { _id: fixtureId(4502), name: 'Karim Uddin' },
      }),
      wallet: {
        _id: fixtureId(900),
        userId: ME._id,
        balance: 500 - amount,
        available: 500 - amount,
        held: 0,
        isBlocked: false,
      },
    },
    { status: 201, message: 'Payment successful!' },
  );

async function paste(payload: string) {
  signedIn();
  walletAnswers(500);
  myLimitsAnswers(myLimits());
  await renderWithProviders(<PayPage />);
  // Pasted, as the screen asks: typed key by key, a code's 150 characters took 2 s a test.
  await userEvent.click(screen.getByLabelText('QR code text'));
  await userEvent.paste(payload);
  await userEvent.click(screen.getByRole('button', { name: 'Use this code' }));
}

describe('pay a shop', () => {
  it("should name the shop as staff verified it, take the typed amount, show no fee, and pay with the code's text and the PIN", async () => {
    apiAnswers('get', `/merchants/${SHOP_ID}`, [verified]);
    const sent = apiAnswers('post', '/wallet/pay', [paid(200)]);
    const payload = qr();
    await paste(payload);
    expect(await screen.findByRole('heading', { name: 'Pay Rahim Store' })).toBeInTheDocument();
    expect(screen.queryByText('Not The Real Name')).not.toBeInTheDocument();
    expect(screen.getByText('Groceries and supermarkets in Dhaka, verified by us.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Amount'), '200');
    await userEvent.click(screen.getByRole('button', { name: 'Review' }));
    const review = await screen.findByRole('dialog', { name: 'Review your payment' });
    expect(within(review).getByText('Rahim Store')).toBeInTheDocument();
    expect(within(review).getByText('200.00 Taka')).toBeInTheDocument();
    expect(await within(review).findByText('300.00 Taka')).toBeInTheDocument();
    expect(await within(review).findByText('No fee')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await confirmWithPin(review);
    expect(await screen.findByText('Payment successful!')).toBeInTheDocument();
    expect(sent).toEqual([
      { body: { payload, amount: 200 }, idempotencyKey: expect.any(String), pin: TEST_PIN, expectedFee: '0.00' },
    ]);
    // The receipt: the shop as verified (the answer names the person behind it), and no
    // fee for the payer, whatever the merchant's was.
    expect(await screen.findByRole('heading', { name: 'Payment receipt' })).toBeInTheDocument();
    expect(screen.getByText('Rahim Store')).toBeInTheDocument();
    expect(screen.queryByText('Karim Uddin')).not.toBeInTheDocument();
    expect(screen.getByText('No fee')).toBeInTheDocument();
  });

  it("should pay a dynamic code's own amount, with no amount to type", async () => {
    apiAnswers('get', `/merchants/${SHOP_ID}`, [verified]);
    const sent = apiAnswers('post', '/wallet/pay', [paid(120)]);
    const payload = qr({ amount: '120.00', reference: 'ORDER-7' });
    await paste(payload);
    expect(await screen.findByText('Amount asked: 120.00 Taka')).toBeInTheDocument();
    expect(screen.queryByLabelText('Amount')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Review' }));
    await confirmWithPin(await screen.findByRole('dialog', { name: 'Review your payment' }));
    expect(await screen.findByText('Payment successful!')).toBeInTheDocument();
    expect(sent[0]!.body).toEqual({ payload, amount: 120 });
  });

  it('should say what is wrong with a damaged or foreign code in the API’s words, and ask nothing of it', async () => {
    const asked = apiAnswers('get', `/merchants/${SHOP_ID}`, [verified]);
    const payload = qr();
    await paste(payload.slice(0, -4) + '0000');
    expect(await screen.findByRole('alert')).toHaveTextContent('This QR code is damaged: scan it again');
    await userEvent.clear(screen.getByLabelText('QR code text'));
    await userEvent.click(screen.getByLabelText('QR code text'));
    await userEvent.paste('https://example.com/not-a-shop');
    await userEvent.click(screen.getByRole('button', { name: 'Use this code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This is not a payment QR code');
    expect(asked).toEqual([]);
  });

  it('should tell a shop that is not ours, and go back to scanning', async () => {
    apiAnswers('get', `/merchants/${SHOP_ID}`, [
      new Response(
        JSON.stringify({ success: false, statusCode: 404, message: 'Merchant not found', code: 'MERCHANT_NOT_FOUND' }),
        {
          status: 404,
          headers: { 'content-type': 'application/json' },
        },
      ),
    ]);
    await paste(qr());
    expect(await screen.findByRole('alert')).toHaveTextContent('Merchant not found');
    await userEvent.click(screen.getByRole('button', { name: 'Scan another code' }));
    expect(screen.getByRole('heading', { name: 'Pay a shop' })).toBeInTheDocument();
  });
});

/** A QR code drawn as `qrcode` draws it, `scale` pixels a module, with the quiet zone, as RGBA pixels. */
function pixelsOfCode(text: string, scale = 4) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const side = (modules.size + 2 * quiet) * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let row = 0; row < modules.size; row++)
    for (let column = 0; column < modules.size; column++) {
      if (!modules.get(row, column)) continue;
      for (let y = 0; y < scale; y++)
        for (let x = 0; x < scale; x++) {
          const at = (((row + quiet) * scale + y) * side + (column + quiet) * scale + x) * 4;
          data.set([0, 0, 0, 255], at);
        }
    }
  return { data, width: side, height: side };
}

describe('reading a code from pixels', () => {
  it('should read back a merchant QR with Bangla in it, as the camera and a photo give it', () => {
    const payload = qr({ amount: '250.00', reference: 'ORDER-7' });
    expect(decodeQr(pixelsOfCode(payload))).toBe(payload);
  });

  it('should read a light code on a dark screen, and nothing from a blank picture', () => {
    const payload = qr();
    const code = pixelsOfCode(payload);
    const inverted = { ...code, data: code.data.map((value, index) => (index % 4 === 3 ? value : 255 - value)) };
    expect(decodeQr(inverted)).toBe(payload);
    expect(decodeQr({ data: new Uint8ClampedArray(64 * 64 * 4).fill(255), width: 64, height: 64 })).toBeNull();
  });
});
