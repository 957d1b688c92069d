import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODES, GENERIC_ERRORS, type Language, VALIDATION_FAILED } from '@wallet/shared/contracts';
import { validationTextIn } from '@wallet/shared/contracts/validation';
import fastifyAccepts from '@fastify/accepts';
import type { ReplyDetails } from '../../lib/api-errors';
import { pathEscapes } from '../../lib/request-path';
import { errorTextIn, pageLanguage } from './language';
import { describeDbError, isBadValueError, isTransientDbError } from '../../db/errors';

const UNAVAILABLE_MESSAGE = GENERIC_ERRORS.UNAVAILABLE.message;

const SOURCES: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

function describe(
  validation: { instancePath: string; message?: string }[],
  context: string | undefined,
  language: Language,
) {
  const errors = validation.map((issue) => {
    const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const english = issue.message ?? 'is invalid';
    // In the request's language when it is one of the contracts' texts (the field's name, a path
    // of the API, stays as it is).
    const message = validationTextIn(english, language) ?? english;
    // A fragment ("must be greater than 0") gets its field's name; a sentence (the spec's
    // "Invalid email address") stands as written.
    if (path) return { path, message: /^[A-Z]/.test(english) ? message : `${path} ${message}` };
    return {
      path: '',
      message:
        context === 'body' ? 'Request body must be a JSON object' : `Invalid ${SOURCES[context ?? ''] ?? 'request'}`,
    };
  });
  return { message: errors[0]!.message, errors };
}

/** The machine-readable code of an error reply: its own, or its status's. */
function codeOf(statusCode: number, error?: ReplyDetails) {
  return (
    error?.replyCode ?? ERROR_CODES[statusCode as keyof typeof ERROR_CODES] ?? ERROR_CODES[statusCode < 500 ? 400 : 500]
  );
}

declare module 'fastify' {
  interface FastifyReply {
    /** The code of the error envelope sent, if one was: the metrics count refusals by it. */
    errorCode: string | null;
  }
}

/** The error envelope: { success: false, statusCode, message, code, params?, errors? }. */
function failure(
  reply: FastifyReply,
  statusCode: number,
  message: string,
  extra: { code?: string; params?: ReplyDetails['replyParams']; errors?: { path: string; message: string }[] } = {},
) {
  const { code = codeOf(statusCode), params, errors } = extra;
  reply.errorCode = code;
  // In the request's language (its cookie, else Accept-Language): a field's issue is already in it
  // (describe), any other reply is worded from the catalog by its code and params. English is the
  // message as the API has always written it.
  if (!errors) message = errorTextIn(pageLanguage(reply.request), { code, params }) ?? message;
  return reply
    .code(statusCode)
    .send({ success: false, statusCode, message, code, ...(params ? { params } : {}), ...(errors ? { errors } : {}) });
}

const CLIENT_ERRORS: Record<string, { statusCode: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { statusCode: 400, message: 'Request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    statusCode: 400,
    message: 'Request body is empty but Content-Type is application/json',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { statusCode: 413, message: GENERIC_ERRORS.BODY_TOO_LARGE.message },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { statusCode: 415, message: GENERIC_ERRORS.UNSUPPORTED_MEDIA_TYPE.message },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { statusCode: 400, message: 'Content-Length does not match the body' },
  FST_ERR_MAX_PARAM_LENGTH: { statusCode: 414, message: GENERIC_ERRORS.PATH_TOO_LONG.message },
  FST_ERR_BAD_URL: { statusCode: 400, message: 'The request path is not a valid URL' },
};

/**
 * The router's own failures (a path parameter over the length limit, a malformed URL) in the
 * same envelope as every other error, instead of Fastify's built-in body.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const known = CLIENT_ERRORS[error.code] ?? { statusCode: 400, message: GENERIC_ERRORS.BAD_REQUEST.message };
  return failure(reply, known.statusCode, known.message);
}

/**
 * What a failed request may leave in the log: a database failure by its SQLSTATE, the server's
 * message and the statement without its parameter values; anything else by name and code. Never
 * a stack, never a value the request carried.
 */
function loggable(error: FastifyError) {
  const database = describeDbError(error);
  if (database) return { name: 'DatabaseError', ...database };
  return { name: error.name, code: error.code, message: error.message };
}

/**
 * One error envelope for everything: { success: false, statusCode, message, code, params?, errors? }.
 * Client errors say what was wrong; server errors are logged with the request and say nothing more.
 */
export const errorsPlugin = fp(async (app) => {
  // Accept-Language: the language of error replies, and of the site's pages (language.ts).
  await app.register(fastifyAccepts);
  app.decorateReply('errorCode', null);
  app.setErrorHandler((error: FastifyError & ReplyDetails, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const { message, errors } = describe(error.validation, error.validationContext, pageLanguage(request));
      return failure(reply, 400, message, { code: VALIDATION_FAILED, errors });
    }
    const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
    if (known) return failure(reply, known.statusCode, known.message);
    if (error instanceof SyntaxError) return failure(reply, 400, 'Request body is not valid JSON');
    // A value PostgreSQL cannot store (a NUL byte the contracts missed): the request's fault.
    if (isBadValueError(error)) {
      return failure(reply, 400, 'The request holds characters or values that are not allowed');
    }
    // The database is restarting, failing over or too busy: nothing was half done (every movement
    // is one transaction), so the client may simply try again.
    if (isTransientDbError(error)) {
      request.log.warn({ error: loggable(error) }, 'database unavailable');
      return failure(reply.header('retry-after', '1'), 503, UNAVAILABLE_MESSAGE);
    }
    const statusCode = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (statusCode >= 500 && statusCode !== 503) {
      // The message and code are enough to find the failure; stack traces stay out of the logs.
      request.log.error({ error: loggable(error) }, 'request failed');
      return failure(reply, 500, GENERIC_ERRORS.INTERNAL_ERROR.message);
    }
    return failure(reply, statusCode, error.message, {
      code: codeOf(statusCode, error),
      params: error.replyParams,
      errors: error.replyErrors,
    });
  });

  // No address steps out of a folder, however it is encoded (`%2e%2e`, `..%2f`, `%5c..`): nothing the
  // site serves has one, and a file server would follow it after the checks on the raw URL.
  app.addHook('onRequest', async (request, reply) => {
    if (pathEscapes(request.url)) return reply.callNotFound();
  });
  app.setNotFoundHandler((request, reply) =>
    failure(reply, 404, `Route ${request.method} ${request.url.split('?')[0]} not found`),
  );
});
