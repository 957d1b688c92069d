import { characters, dataObjects, encodePayload, parsePayload, readDataObjects, type DataObject } from './emv-tlv';

/**
 * A merchant's Bangla QR, the EMVCo merchant-presented layout as Bangladesh Bank's Bangla QR uses
 * it, tag by tag:
 *  - 00 payload format indicator, "01";
 *  - 01 point of initiation: "11" a static QR (no amount: the payer types it), "12" a dynamic QR
 *    for one payment (with its amount and reference);
 *  - 26 merchant account information, a template: 00 our GUID (WALLET_QR_GUID), 01 the merchant's id;
 *  - 52 the merchant category code (ISO 18245, four digits);
 *  - 53 the currency, "050" (Taka, ISO 4217);
 *  - 54 the amount, dynamic only: Taka with two decimals ("250.00");
 *  - 58 the country, "BD";
 *  - 59 the merchant's name, at most 25 characters; 60 the city, at most 15;
 *  - 62 additional data, dynamic only: 05 the reference label (at most 25 characters);
 *  - 64 the merchant's name and city in another language, a template: 00 "bn", 01 the Bangla
 *    name, 02 the Bangla city;
 *  - 63 the CRC (emv-tlv.ts).
 * Until Bangladesh Bank's own specification and an acquirer's GUID are in hand, tag 26 carries
 * this wallet's GUID, and only this wallet pays its QR: a QR of another GUID is refused OTHER_WALLET.
 */
export const WALLET_QR_GUID = 'bd.digitalwallet.pay';

export const QR_LIMITS = { name: 25, city: 15, reference: 25, nameBn: 25, cityBn: 15 } as const;

export interface MerchantQr {
  merchantId: string;
  /** ISO 18245 merchant category code: four digits. */
  category: string;
  name: string;
  city: string;
  nameBn: string;
  cityBn: string;
  /** A dynamic QR's amount, Taka with two decimals ("250.00"); absent on a static QR. */
  amount?: string;
  /** A dynamic QR's reference (tag 62, sub-tag 05); absent on a static QR. */
  reference?: string;
}

/** Why a payload is not a QR this wallet pays. */
export type MerchantQrRefusal = 'MALFORMED' | 'BAD_CRC' | 'OTHER_WALLET' | 'UNSUPPORTED';

export type MerchantQrResult =
  { ok: true; qr: MerchantQr; dynamic: boolean } | { ok: false; reason: MerchantQrRefusal };

const AMOUNT = /^(0|[1-9]\d{0,9})\.\d\d$/;
const CATEGORY = /^\d{4}$/;

function checkLength(field: keyof typeof QR_LIMITS, value: string) {
  const length = characters(value);
  if (length === 0 || length > QR_LIMITS[field]) {
    throw new RangeError(`A QR's ${field} holds 1 to ${QR_LIMITS[field]} characters, not ${length}`);
  }
}

/** The payload of a merchant's QR: dynamic when it has an amount. Throws for a field the layout cannot hold. */
export function encodeMerchantQr(qr: MerchantQr): string {
  const dynamic = qr.amount !== undefined;
  for (const field of ['name', 'city', 'nameBn', 'cityBn'] as const) checkLength(field, qr[field]);
  if (!CATEGORY.test(qr.category)) throw new RangeError('A merchant category code is four digits');
  if (dynamic && !AMOUNT.test(qr.amount!)) throw new RangeError('A QR amount is Taka with two decimals');
  // A dynamic QR is for one payment, named by its reference; a static one has neither.
  if (dynamic !== (qr.reference !== undefined))
    throw new RangeError('A dynamic QR has an amount and a reference; a static one neither');
  if (qr.reference !== undefined) checkLength('reference', qr.reference);
  const objects: DataObject[] = [
    { id: '00', value: '01' },
    { id: '01', value: dynamic ? '12' : '11' },
    {
      id: '26',
      value: dataObjects([
        { id: '00', value: WALLET_QR_GUID },
        { id: '01', value: qr.merchantId },
      ]),
    },
    { id: '52', value: qr.category },
    { id: '53', value: '050' },
    ...(dynamic ? [{ id: '54', value: qr.amount! }] : []),
    { id: '58', value: 'BD' },
    { id: '59', value: qr.name },
    { id: '60', value: qr.city },
    ...(qr.reference !== undefined ? [{ id: '62', value: dataObjects([{ id: '05', value: qr.reference }]) }] : []),
    {
      id: '64',
      value: dataObjects([
        { id: '00', value: 'bn' },
        { id: '01', value: qr.nameBn },
        { id: '02', value: qr.cityBn },
      ]),
    },
  ];
  return encodePayload(objects);
}

const refused = (reason: MerchantQrRefusal): MerchantQrResult => ({ ok: false, reason });

/** One template's sub-objects by ID; null when the template's value is not made of data objects. */
function template(value: string | undefined): Map<string, string> | null {
  if (value === undefined) return new Map();
  const objects = readDataObjects(value);
  return objects && new Map(objects.map((object) => [object.id, object.value]));
}

/**
 * A payload read as a QR this wallet pays, or why not: MALFORMED (not EMVCo data objects, a field
 * missing, repeated or out of its shape), BAD_CRC, OTHER_WALLET (tag 26 names another GUID, or
 * none of ours), UNSUPPORTED (another currency or country, or a point of initiation other than 11
 * and 12). The server checks the merchant, the amount and the expiry; this checks the code.
 */
export function parseMerchantQr(payload: string): MerchantQrResult {
  const read = parsePayload(payload);
  if (!read.ok) return refused(read.reason);
  const fields = new Map<string, string>();
  for (const object of read.objects) {
    if (fields.has(object.id)) return refused('MALFORMED');
    fields.set(object.id, object.value);
  }
  const account = template(fields.get('26'));
  const additional = template(fields.get('62'));
  const language = template(fields.get('64'));
  if (!account || !additional || !language || fields.get('00') !== '01') return refused('MALFORMED');
  if (account.get('00') !== WALLET_QR_GUID || !account.get('01')) return refused('OTHER_WALLET');
  const initiation = fields.get('01');
  if (initiation !== '11' && initiation !== '12') return refused('UNSUPPORTED');
  if (fields.get('53') !== '050' || fields.get('58') !== 'BD') return refused('UNSUPPORTED');
  const dynamic = initiation === '12';
  const amount = fields.get('54');
  const reference = additional.get('05');
  const qr: MerchantQr = {
    merchantId: account.get('01')!,
    category: fields.get('52') ?? '',
    name: fields.get('59') ?? '',
    city: fields.get('60') ?? '',
    nameBn: language.get('01') ?? '',
    cityBn: language.get('02') ?? '',
    ...(amount !== undefined && { amount }),
    ...(reference !== undefined && { reference }),
  };
  const shaped =
    CATEGORY.test(qr.category) &&
    (dynamic
      ? amount !== undefined && AMOUNT.test(amount) && reference !== undefined
      : amount === undefined && reference === undefined) &&
    language.get('00') === 'bn' &&
    (['name', 'city', 'nameBn', 'cityBn'] as const).every((field) => {
      const length = characters(qr[field]);
      return length > 0 && length <= QR_LIMITS[field];
    }) &&
    (reference === undefined || characters(reference) <= QR_LIMITS.reference);
  return shaped ? { ok: true, qr, dynamic } : refused('MALFORMED');
}
