import type { ErrorBody } from '@wallet/shared/contracts';

/** A failed call: the HTTP status and the body the server sent (or its text). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: Partial<ErrorBody> | string | undefined;

  constructor(status: number, body: Partial<ErrorBody> | string | undefined, fallbackMessage: string) {
    super(messageOf(body) ?? fallbackMessage);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

function messageOf(body: ApiError['body']) {
  if (typeof body === 'string') return body.trim() || undefined;
  return typeof body?.message === 'string' && body.message ? body.message : undefined;
}

/** The text to show a person for any failure: the server's message when there is one. */
export function errorMessage(error: unknown, fallback: string) {
  return error instanceof ApiError ? error.message : fallback;
}
