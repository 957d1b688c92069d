import fp from 'fastify-plugin';
import sensible from '@fastify/sensible';

/** httpErrors and the reply helpers; the API's own errors are built on them (lib/api-errors.ts). */
export const sensiblePlugin = fp(async (app) => {
  await app.register(sensible);
});
