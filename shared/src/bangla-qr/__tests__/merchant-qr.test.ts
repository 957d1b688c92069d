import fc from 'fast-check';
import { encodePayload, parsePayload } from '../emv-tlv';
import { encodeMerchantQr, parseMerchantQr, QR_LIMITS, WALLET_QR_GUID, type MerchantQr } from '../merchant-qr';

const RAHIM: MerchantQr = {
  merchantId: '0f8e2c1a-6b1d-4c7e-9a51-3d2b7e9c4f10',
  category: '5411',
  name: 'Rahim Store',
  city: 'Dhaka',
  nameBn: 'রহিম স্টোর',
  cityBn: 'ঢাকা',
};

/**
 * A merchant with a Bangla name, written out by hand, tag by tag: the Bangla name is 10 characters
 * (র হ ি ম, a space, স ্ ট ো র) and 28 UTF-8 bytes, and its length says 10. The CRCs were checked
 * with Python's binascii.crc_hqx(payload.encode('utf-8'), 0xFFFF), an implementation of its own.
 */
const STATIC =
  '000201' +
  '010211' +
  '2664' +
  '0020bd.digitalwallet.pay' +
  '01360f8e2c1a-6b1d-4c7e-9a51-3d2b7e9c4f10' +
  '52045411' +
  '5303050' +
  '5802BD' +
  '5911Rahim Store' +
  '6005Dhaka' +
  '6428' +
  '0002bn' +
  '0110রহিম স্টোর' +
  '0204ঢাকা' +
  '63048BDA';
const DYNAMIC =
  '000201' +
  '010212' +
  '2664' +
  '0020bd.digitalwallet.pay' +
  '01360f8e2c1a-6b1d-4c7e-9a51-3d2b7e9c4f10' +
  '52045411' +
  '5303050' +
  '5406250.00' +
  '5802BD' +
  '5911Rahim Store' +
  '6005Dhaka' +
  '6212' +
  '0508INV-1042' +
  '6428' +
  '0002bn' +
  '0110রহিম স্টোর' +
  '0204ঢাকা' +
  '6304A20F';

describe('a merchant’s Bangla QR', () => {
  it('should write a static QR (11, no amount) and a dynamic one (12, amount and reference) as laid out', () => {
    expect(encodeMerchantQr(RAHIM)).toBe(STATIC);
    expect(encodeMerchantQr({ ...RAHIM, amount: '250.00', reference: 'INV-1042' })).toBe(DYNAMIC);
    expect(parseMerchantQr(STATIC)).toEqual({ ok: true, dynamic: false, qr: RAHIM });
    expect(parseMerchantQr(DYNAMIC)).toEqual({
      ok: true,
      dynamic: true,
      qr: { ...RAHIM, amount: '250.00', reference: 'INV-1042' },
    });
  });

  it('should refuse another wallet’s QR, a changed one, and one for another currency or country', () => {
    // The published KHQR-style sample: a good CRC, but no GUID of ours.
    const other =
      '00020101021252044131153137210116372101160123456789ABCDE6010Phnom Penh5913Merchant Shop5802KH540510.005303840622501081234567802090124444446304A0BA';
    expect(parseMerchantQr(other)).toEqual({ ok: false, reason: 'OTHER_WALLET' });
    expect(parseMerchantQr(DYNAMIC.replace('250.00', '950.00'))).toEqual({ ok: false, reason: 'BAD_CRC' });
    const objects = (payload: string) => {
      const read = parsePayload(payload);
      if (!read.ok) throw new Error(read.reason);
      return read.objects;
    };
    const swapped = (id: string, value: string) =>
      encodePayload(objects(STATIC).map((object) => (object.id === id ? { id, value } : object)));
    expect(parseMerchantQr(swapped('53', '840'))).toEqual({ ok: false, reason: 'UNSUPPORTED' });
    expect(parseMerchantQr(swapped('58', 'IN'))).toEqual({ ok: false, reason: 'UNSUPPORTED' });
    expect(parseMerchantQr(swapped('01', '13'))).toEqual({ ok: false, reason: 'UNSUPPORTED' });
    expect(parseMerchantQr(swapped('26', '0018another.wallet.pay0104abcd'))).toEqual({
      ok: false,
      reason: 'OTHER_WALLET',
    });
    // A dynamic QR without its amount, a name past 25 characters, a field twice.
    expect(parseMerchantQr(swapped('01', '12'))).toEqual({ ok: false, reason: 'MALFORMED' });
    expect(parseMerchantQr(swapped('59', 'A'.repeat(26)))).toEqual({ ok: false, reason: 'MALFORMED' });
    expect(parseMerchantQr(encodePayload([...objects(STATIC), { id: '59', value: 'Again' }]))).toEqual({
      ok: false,
      reason: 'MALFORMED',
    });
  });

  it('should refuse to write a QR its layout cannot hold', () => {
    expect(() => encodeMerchantQr({ ...RAHIM, name: 'A'.repeat(26) })).toThrow(RangeError);
    expect(() => encodeMerchantQr({ ...RAHIM, cityBn: 'ঢ'.repeat(16) })).toThrow(RangeError);
    expect(() => encodeMerchantQr({ ...RAHIM, category: '541' })).toThrow(RangeError);
    expect(() => encodeMerchantQr({ ...RAHIM, amount: '250.5', reference: 'x' })).toThrow(RangeError);
    expect(() => encodeMerchantQr({ ...RAHIM, amount: '250.50' })).toThrow(RangeError);
    expect(() => encodeMerchantQr({ ...RAHIM, reference: 'x' })).toThrow(RangeError);
  });
});

/** Text of 1 to `max` characters (code points), from any script, Bangla among them. */
const text = (max: number) =>
  fc
    .oneof(
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: max }),
      fc.string({
        unit: fc.constantFrom(...'অআকখগঘচছজঝটঠডঢতথদধনপফবভমযরলশসহড়ঢ়য়ািীুূেৈোৌং্ '),
        minLength: 1,
        maxLength: max,
      }),
    )
    .filter((value) => {
      const length = Array.from(value).length;
      return length >= 1 && length <= max;
    });

const merchantQr = fc
  .record({
    merchantId: fc.uuid(),
    category: fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, '0')),
    name: text(QR_LIMITS.name),
    city: text(QR_LIMITS.city),
    nameBn: text(QR_LIMITS.nameBn),
    cityBn: text(QR_LIMITS.cityBn),
    dynamic: fc.option(
      fc.record({
        amount: fc.integer({ min: 1, max: 9_999_999_999 }).map((poisha) => (poisha / 100).toFixed(2)),
        reference: text(QR_LIMITS.reference),
      }),
    ),
  })
  .map(({ dynamic, ...qr }): MerchantQr => ({ ...qr, ...(dynamic ?? {}) }));

describe('a merchant’s Bangla QR, at random', () => {
  it('should read back every QR it writes', () => {
    fc.assert(
      fc.property(merchantQr, (qr) => {
        expect(parseMerchantQr(encodeMerchantQr(qr))).toEqual({ ok: true, dynamic: qr.amount !== undefined, qr });
      }),
      { numRuns: 300 },
    );
  });

  it('should never throw on random bytes or a damaged QR: it reads or refuses', () => {
    const damaged = fc.tuple(merchantQr, fc.nat(), fc.string({ maxLength: 4 })).map(([qr, at, inserted]) => {
      const payload = encodeMerchantQr(qr);
      const cut = at % (payload.length + 1);
      return payload.slice(0, cut) + inserted + payload.slice(cut + inserted.length);
    });
    const bytes = fc.uint8Array({ maxLength: 300 }).map((array) => new TextDecoder().decode(array));
    fc.assert(
      fc.property(fc.oneof(bytes, damaged), (payload) => {
        const read = parseMerchantQr(payload);
        expect(read.ok || ['MALFORMED', 'BAD_CRC', 'OTHER_WALLET', 'UNSUPPORTED'].includes(read.reason)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('names this wallet in every QR it writes', () => {
    expect(encodeMerchantQr(RAHIM)).toContain(WALLET_QR_GUID);
  });
});
