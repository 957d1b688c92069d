/** Header names the API and the apps agree on. No zod here, so the app shell can import them without loading it. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** The wallet PIN of a money POST that takes money out of a wallet (five digits). */
export const PIN_HEADER = 'x-wallet-pin';
/** The fee (Taka) the person confirmed in the review: a money POST whose fee is now another is refused (409). */
export const EXPECTED_FEE_HEADER = 'x-expected-fee';
