import { HttpResponse } from 'msw';
import type { z } from 'zod';
import {
  MAX_OFFSET,
  envelopeSchema,
  errorBodySchema,
  pagedEnvelopeSchema,
  paginationQuerySchema,
  ERROR_CODES,
  VALIDATION_FAILED,
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

/**
 * The page of `rows` that `request` asks for, with `meta` as the API computes it: by cursor with
 * `after` (the `limit` rows after the row with that id; an unknown id is an empty page), else by
 * position (`page`, only as deep as the API allows). `estimate` stands for the database's
 * estimate of a very long list: it becomes the total, as `estimated`, while `hasNext` still tells
 * whether rows follow.
 */
export function paged<T extends z.ZodType<{ _id: string }, { _id: string }>>(
  item: T,
  rows: z.input<T>[],
  request: Request,
  { message = 'ok', estimate }: { message?: string; estimate?: number } = {},
) {
  const { page, limit, after } = paginationQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const start = after === undefined ? offsetOf(page, limit) : startAfter(rows, after);
  const data = rows.slice(start, start + limit);
  const total = estimate ?? rows.length;
  const meta = {
    page,
    limit,
    total,
    totalPages: Math.ceil(total / limit),
    hasNext: start + limit < rows.length,
    ...(estimate === undefined ? {} : { estimated: true }),
  };
  return HttpResponse.json(pagedEnvelopeSchema(item).parse({ success: true, statusCode: 200, message, data, meta }));
}

function offsetOf(page: number, limit: number) {
  const offset = (page - 1) * limit;
  // The API refuses this with a 400: a screen must reach such a page with `after`.
  if (offset > MAX_OFFSET) throw new Error(`page ${page} skips ${offset} rows by position, past MAX_OFFSET`);
  return offset;
}

function startAfter(rows: { _id: string }[], after: string) {
  const cursor = rows.findIndex((row) => row._id === after);
  return cursor < 0 ? rows.length : cursor + 1;
}

/** An error body as the API sends it: the code of its status unless one is given (a refusal's). */
export function fail(status: number, message: string, errors?: ErrorBody['errors'], code?: string) {
  const body = {
    success: false,
    statusCode: status,
    message,
    code: code ?? ERROR_CODES[status as keyof typeof ERROR_CODES] ?? 'BAD_REQUEST',
    errors,
  };
  return HttpResponse.json(errorBodySchema.parse(body), { status });
}

/** The API's 400 for a body its schema refused: the first issue, named by its field, as the error handler words it. */
export function validationFailed(error: z.ZodError) {
  const issue = error.issues[0]!;
  const message = `${issue.path.join('.')} ${issue.message}`;
  return fail(400, message, [{ path: issue.path.join('.'), message }], VALIDATION_FAILED);
}
