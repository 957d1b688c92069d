import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document of every route, from its zod schemas, and its pages at /api/docs. */
export const swaggerPlugin = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Digital Wallet API', version: '1.0.0', description: 'Amounts are Taka with at most 2 decimals.' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'wallet_session' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
