import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';

/** Cookies: the session's, the language's, the rollout bucket's. */
export const cookiePlugin = fp(async (app) => {
  await app.register(cookie);
});
