// A local OpenID provider standing in for accounts.google.com in the end-to-end run
// (oauth2-mock-server: real discovery, PKCE, nonce and signed ID tokens, no login screen).
// Every authorization signs in a new person with a verified email.
import { OAuth2Server } from 'oauth2-mock-server';
import { requireProjectNode } from '@wallet/shared/node-runtime';

requireProjectNode('The OpenID provider of the end-to-end specs');

const port = Number(process.env.OIDC_PORT ?? 3212);
const server = new OAuth2Server();
await server.issuer.keys.generate('RS256');
// The issuer a site is configured with must match the discovered one exactly.
server.issuer.url = `http://127.0.0.1:${port}`;

const people = new Map();
server.service.on('beforeTokenSigning', (token, request) => {
  const code = request.body?.code;
  if (!code) return;
  if (!people.has(code)) {
    const id = `${Date.now().toString(36)}${people.size}`;
    people.set(code, { email: `google-${id}@example.com`, email_verified: true, name: `Google Person ${id}` });
  }
  Object.assign(token.payload, people.get(code));
});

await server.start(port, '127.0.0.1');
console.log(`OpenID provider at ${server.issuer.url}`);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.stop().then(() => process.exit(0)));
