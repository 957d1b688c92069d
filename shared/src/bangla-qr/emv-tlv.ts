import crc16ccitt from 'crc/calculators/crc16ccitt';

/**
 * The EMVCo Merchant-Presented Mode payload (EMV QRCPS-MPM), the format Bangla QR is built on:
 * data objects of a two-digit ID, a two-digit length and the value, one after the other; a
 * template's value is data objects of its own. The length counts characters (Unicode code points),
 * not bytes: "0104最佳运输" is four characters. The payload ends with the CRC object, ID 63 and
 * length 04, whose value is the CRC-16/CCITT-FALSE (polynomial 1021, initial FFFF) of the UTF-8
 * bytes of everything before it, "6304" included, in four upper-case hex digits.
 *
 * Parsing never throws: what cannot be read is refused with a reason.
 */
export interface DataObject {
  /** Two digits, "00" to "99". */
  id: string;
  value: string;
}

/** Why a payload was not read. */
export type TlvRefusal = 'MALFORMED' | 'BAD_CRC';

export type TlvResult = { ok: true; objects: DataObject[] } | { ok: false; reason: TlvRefusal };

const ID = /^\d\d$/;
/** The longest value a two-digit length can say. */
const MAX_VALUE_LENGTH = 99;
const CRC_ID = '63';

/** Characters as EMVCo counts them: code points. */
export const characters = (text: string) => Array.from(text).length;

/** The payload's CRC: CRC-16/CCITT-FALSE over its UTF-8 bytes, four upper-case hex digits. */
export function crc(text: string): string {
  return crc16ccitt(new TextEncoder().encode(text)).toString(16).toUpperCase().padStart(4, '0');
}

/** One data object, its length in characters. Throws for an ID or a value the format cannot hold. */
function dataObject({ id, value }: DataObject): string {
  const length = characters(value);
  if (!ID.test(id)) throw new RangeError(`A data object's ID is two digits, not "${id}"`);
  if (length === 0 || length > MAX_VALUE_LENGTH) {
    throw new RangeError(`Data object ${id} holds 1 to ${MAX_VALUE_LENGTH} characters, not ${length}`);
  }
  return `${id}${String(length).padStart(2, '0')}${value}`;
}

/** Data objects one after the other: a template's value, or a payload without its CRC. */
export const dataObjects = (objects: readonly DataObject[]) => objects.map(dataObject).join('');

/** A whole payload: the objects in the order given, then the CRC object over them. */
export function encodePayload(objects: readonly DataObject[]): string {
  const body = `${dataObjects(objects)}${CRC_ID}04`;
  return `${body}${crc(body)}`;
}

/** The data objects of `text` (a payload or a template's value), in order; null if it is not wholly made of them. */
export function readDataObjects(text: string): DataObject[] | null {
  const chars = Array.from(text);
  const objects: DataObject[] = [];
  let at = 0;
  while (at < chars.length) {
    const id = chars.slice(at, at + 2).join('');
    const length = chars.slice(at + 2, at + 4).join('');
    if (!ID.test(id) || !ID.test(length)) return null;
    const size = Number(length);
    if (size === 0 || at + 4 + size > chars.length) return null;
    objects.push({ id, value: chars.slice(at + 4, at + 4 + size).join('') });
    at += 4 + size;
  }
  return objects;
}

/**
 * A payload's data objects, its CRC checked and left out. Refused MALFORMED when it is not made of
 * data objects ending with one CRC object, BAD_CRC when the CRC does not match.
 */
export function parsePayload(payload: string): TlvResult {
  const objects = readDataObjects(payload);
  const last = objects?.at(-1);
  if (!objects || !last || last.id !== CRC_ID || characters(last.value) !== 4)
    return { ok: false, reason: 'MALFORMED' };
  if (objects.slice(0, -1).some((object) => object.id === CRC_ID)) return { ok: false, reason: 'MALFORMED' };
  const chars = Array.from(payload);
  const body = chars.slice(0, chars.length - 4).join('');
  if (crc(body) !== last.value.toUpperCase()) return { ok: false, reason: 'BAD_CRC' };
  return { ok: true, objects: objects.slice(0, -1) };
}
