import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/** Security headers, and the content security policy of every page and answer. */
export const helmetPlugin = fp(async (app) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        // The site loads its remotes' code and styles from its own origin; MUI injects style tags.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        // Upgrading would break a site served over plain http on a LAN address; only https sites ask for it.
        'upgrade-insecure-requests': app.config.publicUrl?.startsWith('https:') ? [] : null,
      },
    },
  });
});
