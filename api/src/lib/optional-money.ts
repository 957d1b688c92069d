import { poishaToTaka, takaToPoisha } from '@wallet/shared/money';

/** A figure that may be absent ("no limit", "no minimum"): poisha as stored, Taka on the wire, null kept. */
export const optionalTaka = (poisha: bigint | null) => (poisha === null ? null : poishaToTaka(poisha));
export const optionalPoisha = (taka: number | null | undefined) => (taka == null ? null : takaToPoisha(taka));
