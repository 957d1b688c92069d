import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

const SOURCES: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

function describe(validation: { instancePath: string; message?: string }[], context: string | undefined) {
  const errors = validation.map((issue) => {
    const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const message = issue.message ?? 'is invalid';
    // A fragment ("must be greater than 0") gets its field's name; a sentence (the spec's
    // "Invalid email address") stands as written.
    if (path) return { path, message: /^[A-Z]/.test(message) ? message : `${path} ${message}` };
    return {
      path: '',
      message:
        context === 'body' ? 'Request body must be a JSON object' : `Invalid ${SOURCES[context ?? ''] ?? 'request'}`,
    };
  });
  return { message: errors[0]!.message, errors };
}

const CLIENT_ERRORS: Record<string, { statusCode: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { statusCode: 400, message: 'Request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    statusCode: 400,
    message: 'Request body is empty but Content-Type is application/json',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { statusCode: 413, message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { statusCode: 415, message: 'Content-Type must be application/json' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { statusCode: 400, message: 'Content-Length does not match the body' },
};

/**
 * One error envelope for everything: { success: false, statusCode, message, errors? }.
 * Client errors say what was wrong; server errors are logged with the request and say nothing more.
 */
export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const { message, errors } = describe(error.validation, error.validationContext);
      return reply.code(400).send({ success: false, statusCode: 400, message, errors });
    }
    const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.code(known.statusCode).send({ success: false, ...known });
    if (error instanceof SyntaxError) {
      return reply.code(400).send({ success: false, statusCode: 400, message: 'Request body is not valid JSON' });
    }
    const statusCode = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (statusCode === 500) {
      // The message and code are enough to find the failure; stack traces stay out of the logs.
      request.log.error({ error: { name: error.name, code: error.code, message: error.message } }, 'request failed');
      return reply
        .code(500)
        .send({ success: false, statusCode: 500, message: 'Something went wrong on our side. Please try again.' });
    }
    return reply.code(statusCode).send({ success: false, statusCode, message: error.message });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({
      success: false,
      statusCode: 404,
      message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
    }),
  );
});
