/** Header names the API and the apps agree on. No zod here, so the app shell can import them without loading it. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
