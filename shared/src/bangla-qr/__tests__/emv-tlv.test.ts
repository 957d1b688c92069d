import fc from 'fast-check';
import { crc, dataObjects, encodePayload, parsePayload, readDataObjects } from '../emv-tlv';

/**
 * Published payloads, each with the CRC its publisher printed: Mastercard's example QR (its
 * developer documentation, "Generate QR Code for Merchants", Secure Card on File QR), the dynamic
 * KHQR-style sample of the emv_qr_code library's tests, and the EMVCo specification's own example
 * (a Chinese merchant: lengths counted in characters, the CRC over UTF-8 bytes).
 */
const PUBLISHED = {
  mastercard:
    '000201010211057704736a2f41a3-c54c-fce8-32d2-0324e1c32e22*3440e5bf-81ca-4c5f-a1b2-cf989f09a03952045024530384054031005802US5913Test Merchant6008New York62080304123463046F6D',
  emvco:
    '00020101021229300012D156000000000510A93FO3230Q31280012D15600000001030812345678520441115802CN5914BEST TRANSPORT6007BEIJING64200002ZH0104最佳运输0202北京540523.7253031565502016233030412340603***0708A60086670902ME91320016A0112233449988770708123456786304A13A',
  emvQrCode:
    '00020101021252044131153137210116372101160123456789ABCDE6010Phnom Penh5913Merchant Shop5802KH540510.005303840622501081234567802090124444446304A0BA',
};

describe('EMVCo data objects', () => {
  it.each(Object.entries(PUBLISHED))(
    'should read the %s sample, check its CRC and write it back the same',
    (_name, payload) => {
      const read = parsePayload(payload);
      expect(read.ok).toBe(true);
      if (!read.ok) return;
      expect(encodePayload(read.objects)).toBe(payload);
      expect(crc(payload.slice(0, -4))).toBe(payload.slice(-4));
    },
  );

  it('should count a value in characters, not bytes', () => {
    const read = parsePayload(PUBLISHED.emvco);
    const language = read.ok ? read.objects.find((object) => object.id === '64') : undefined;
    expect(readDataObjects(language!.value)).toEqual([
      { id: '00', value: 'ZH' },
      { id: '01', value: '最佳运输' },
      { id: '02', value: '北京' },
    ]);
    expect(dataObjects([{ id: '01', value: 'রহিম স্টোর' }])).toBe('0110রহিম স্টোর');
  });

  it('should refuse a changed character as BAD_CRC, and what is not data objects as MALFORMED', () => {
    const changed = PUBLISHED.emvQrCode.replace('10.00', '90.00');
    expect(parsePayload(changed)).toEqual({ ok: false, reason: 'BAD_CRC' });
    for (const bad of [
      '',
      '6304',
      PUBLISHED.emvQrCode.slice(0, -1),
      `${PUBLISHED.emvQrCode}00`,
      '0002016304ABCD0102',
    ]) {
      expect(parsePayload(bad)).toEqual({ ok: false, reason: 'MALFORMED' });
    }
  });

  it('should refuse to write what the format cannot hold', () => {
    expect(() => dataObjects([{ id: '1', value: 'x' }])).toThrow(RangeError);
    expect(() => dataObjects([{ id: '01', value: '' }])).toThrow(RangeError);
    expect(() => dataObjects([{ id: '01', value: 'ক'.repeat(100) }])).toThrow(RangeError);
  });
});

const id = fc.integer({ min: 0, max: 62 }).map((n) => String(n).padStart(2, '0'));
const value = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).filter((text) => {
  const length = Array.from(text).length;
  return length >= 1 && length <= 99;
});

describe('EMVCo data objects, at random', () => {
  it('should read back every payload it writes, objects and order', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ id, value }), { minLength: 1, maxLength: 12 }), (objects) => {
        expect(parsePayload(encodePayload(objects))).toEqual({ ok: true, objects });
      }),
      { numRuns: 300 },
    );
  });

  it('should never throw on random text or bytes: it reads or refuses', () => {
    const bytes = fc.uint8Array({ maxLength: 300 }).map((array) => new TextDecoder().decode(array));
    const nearlyValid = fc
      .tuple(fc.array(fc.record({ id, value }), { minLength: 1, maxLength: 6 }), fc.nat(), fc.string({ maxLength: 3 }))
      .map(([objects, at, inserted]) => {
        const payload = encodePayload(objects);
        const cut = at % (payload.length + 1);
        return payload.slice(0, cut) + inserted + payload.slice(cut + inserted.length);
      });
    fc.assert(
      fc.property(fc.oneof(bytes, fc.string({ unit: 'binary', maxLength: 300 }), nearlyValid), (text) => {
        const read = parsePayload(text);
        expect(read.ok || ['MALFORMED', 'BAD_CRC'].includes(read.reason)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
