import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import QRCode from 'qrcode';
import { useSession } from '@wallet/shared/session';
import { apiAnswers, fail, renderWithProviders } from '@wallet/shared/testing';
import LinksPage from '../pages/links-page';
import QrPage from '../pages/qr-page';
import { dynamicPayload, link, merchantApi, shopkeeper, STATIC_PAYLOAD } from './merchant-api';

/**
 * Checks that `image` draws `payload` as a camera reads it best: error correction M, a quiet zone
 * of 4 modules, at least 280 pixels wide, vector so it stays sharp in a screenshot or on paper.
 */
async function expectQrOf(image: HTMLElement, payload: string) {
  const src = image.getAttribute('src')!;
  expect(src).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
  const svg = decodeURIComponent(src.slice(src.indexOf(',') + 1));
  const width = Number(/<svg[^>]* width="(\d+)"/.exec(svg)?.[1]);
  expect(width).toBeGreaterThanOrEqual(280);
  expect(svg).toBe(await QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 4, width }));
}

async function open(page: React.ReactElement) {
  useSession.setState({ user: shopkeeper(), status: 'signed-in' });
  await renderWithProviders(page);
}

describe('merchant QR page', () => {
  it("should draw the shop's QR large enough to scan, under its names, and print it", async () => {
    merchantApi();
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    await open(<QrPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'QR code' })).toBeInTheDocument();
    const image = await screen.findByRole('img', { name: 'QR code to pay Rahim Store' });
    await expectQrOf(image, STATIC_PAYLOAD);
    const sign = image.closest('[data-print="qr-sign"]') as HTMLElement;
    expect(within(sign).getByText('Rahim Store')).toBeInTheDocument();
    expect(within(sign).getByText('রহিম স্টোর')).toBeInTheDocument();
    expect(screen.getByText(STATIC_PAYLOAD)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('should make a QR code for one payment and show it with its amount and the time left', async () => {
    const api = merchantApi();
    await open(<QrPage />);
    const form = await screen.findByRole('form', { name: 'A QR code for one payment' });
    await userEvent.type(within(form).getByLabelText('Amount (Taka)'), '২৫০');
    await userEvent.type(within(form).getByLabelText('Reference'), 'INV-7');
    await userEvent.click(within(form).getByRole('button', { name: 'Make QR code' }));
    const image = await screen.findByRole('img', { name: 'QR code to pay 250.00 Taka for INV-7' });
    await expectQrOf(image, dynamicPayload('INV-7'));
    expect(api.qrs.map(({ body }) => body)).toEqual([{ amount: 250, reference: 'INV-7' }]);
    expect(screen.getByRole('timer')).toHaveTextContent(/^Expires in 1[45]:\d\d \(at .+\)$/);
    expect(within(form).getByLabelText('Reference')).toHaveValue('');
  });

  it("should show the API's refusal of a reference used before", async () => {
    merchantApi();
    const message = 'You already made a QR with this reference: give each payment a reference of its own';
    apiAnswers('post', '/merchant/qr', [fail(409, message, undefined, 'REFERENCE_USED')]);
    await open(<QrPage />);
    const form = await screen.findByRole('form', { name: 'A QR code for one payment' });
    await userEvent.type(within(form).getByLabelText('Amount (Taka)'), '100');
    await userEvent.type(within(form).getByLabelText('Reference'), 'INV-7');
    await userEvent.click(within(form).getByRole('button', { name: 'Make QR code' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('img', { name: /for INV-7/ })).not.toBeInTheDocument();
  });
});

describe('merchant links page', () => {
  const table = () => screen.getByRole('table', { name: 'Payment links' });
  const rowOf = (description: string) => within(table()).getByText(description).closest('tr')!;
  const cells = (description: string) =>
    within(rowOf(description))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);

  it('should create a link with an amount and a number of uses, and list it first', async () => {
    const api = merchantApi({ links: [link(1, { uses: 3 })] });
    await open(<LinksPage />);
    expect(await within(table()).findByText('Order 1')).toBeInTheDocument();
    expect(cells('Order 1').slice(0, 5)).toEqual(['Order 1', 'Any amount', '3', 'Never', 'Active']);
    const form = screen.getByRole('form', { name: 'New payment link' });
    await userEvent.click(within(form).getByRole('button', { name: 'Create link' }));
    expect(await within(form).findByText('What it is for is required')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('What it is for'), 'Jamdani saree');
    await userEvent.type(within(form).getByLabelText('Amount (Taka)'), '1500');
    await userEvent.type(within(form).getByLabelText('Times it can be paid'), '1');
    await userEvent.click(within(form).getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText('Payment link created')).toBeInTheDocument();
    expect(api.created).toEqual([{ description: 'Jamdani saree', amount: 1500, maxUses: 1 }]);
    expect(await within(table()).findByText('Jamdani saree')).toBeInTheDocument();
    expect(within(table()).getAllByRole('row')[1]).toBe(rowOf('Jamdani saree'));
    expect(cells('Jamdani saree').slice(0, 5)).toEqual(['Jamdani saree', '1,500.00', '0 of 1', 'Never', 'Active']);
    expect(within(form).getByLabelText('What it is for')).toHaveValue('');
  });

  it("should copy a link's page where the browser cannot share", async () => {
    merchantApi({ links: [link(1)] });
    const writeText = jest.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await open(<LinksPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Copy link for Order 1' }));
    const url = `${window.location.origin}/pay/${link(1).code}`;
    expect(writeText).toHaveBeenCalledWith(url);
    expect(await screen.findByText(`Link copied: ${url}`)).toBeInTheDocument();
  });

  it("should hand a link's page to the device's share sheet where there is one", async () => {
    merchantApi({ links: [link(1)] });
    const share = jest.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      await open(<LinksPage />);
      await userEvent.click(await screen.findByRole('button', { name: 'Share the link for Order 1' }));
      expect(share).toHaveBeenCalledWith({ title: 'Order 1', url: `${window.location.origin}/pay/${link(1).code}` });
    } finally {
      delete (navigator as { share?: unknown }).share;
    }
  });

  it('should turn a link off after asking, and offer no way to turn it on', async () => {
    const api = merchantApi({ links: [link(2), link(1)] });
    await open(<LinksPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn off the link for Order 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off this link?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.turnedOff).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Turn off the link for Order 1' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Turn off this link?' })).getByRole('button', {
        name: 'Turn off',
      }),
    );
    expect(await screen.findByText('Payment link turned off')).toBeInTheDocument();
    expect(api.turnedOff).toEqual([link(1)._id]);
    expect(await within(rowOf('Order 1')).findByText('Turned off')).toBeInTheDocument();
    expect(within(rowOf('Order 1')).queryByRole('button', { name: /Turn off/ })).not.toBeInTheDocument();
    expect(within(rowOf('Order 2')).getByRole('button', { name: 'Turn off the link for Order 2' })).toBeEnabled();
  });
});
