import { HttpResponse } from 'msw';
import type { z } from 'zod';
import {
  envelopeSchema,
  errorBodySchema,
  pagedEnvelopeSchema,
  paginationQuerySchema,
  type ErrorBody,
} from '@wallet/shared/contracts';

/*
 * The API's answers for msw handlers, each parsed by the zod contract the API answers with: a
 * mock whose shape drifts from the API throws here instead of passing a test the API would fail.
 */

/** A success envelope whose `data` is checked against `schema` (the route's response schema). */
export function ok<T extends z.ZodType>(schema: T, data: z.input<T>, { status = 200, message = 'ok' } = {}) {
  return HttpResponse.json(envelopeSchema(schema).parse({ success: true, statusCode: status, message, data }), {
    status,
  });
}

/** The page of `rows` that `request` asks for (`page`, `limit`), with `meta` as the API computes it. */
export function paged<T extends z.ZodType>(item: T, rows: z.input<T>[], request: Request, { message = 'ok' } = {}) {
  const { page, limit } = paginationQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const meta = { page, limit, total: rows.length, totalPages: Math.ceil(rows.length / limit) };
  const data = rows.slice((page - 1) * limit, page * limit);
  return HttpResponse.json(pagedEnvelopeSchema(item).parse({ success: true, statusCode: 200, message, data, meta }));
}

/** An error body as the API sends it. */
export function fail(status: number, message: string, errors?: ErrorBody['errors']) {
  return HttpResponse.json(errorBodySchema.parse({ success: false, statusCode: status, message, errors }), { status });
}
