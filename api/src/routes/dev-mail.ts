import escapeHtml from 'escape-html';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { OutboxMessage } from '../lib/mail';
import { isLoopback } from '../lib/loopback';

function page(messages: OutboxMessage[]) {
  const items = messages.map(
    (mail) => `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<p>To ${escapeHtml(mail.recipient)}, <time datetime="${mail.sentAt}">${mail.sentAt}</time></p>
<pre>${escapeHtml(mail.text)}</pre>
${mail.links.map((link) => `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`).join('\n')}
</article>`,
  );
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Development outbox</title></head>
<body>
<main>
<h1>Development outbox</h1>
<p>Mail this site would have sent, newest first. It exists only on the embedded database with no SMTP_URL.</p>
${items.length ? items.join('\n') : '<p>No mail yet.</p>'}
</main>
</body>
</html>`;
}

/**
 * The development outbox: /dev/mail (a page) and /dev/mail.json. Only where the mailer keeps
 * one (the embedded database with no SMTP_URL, on a loopback PUBLIC_URL), and only to loopback
 * clients; anywhere else both paths answer 404, also when a site is served (its pages would
 * otherwise answer them).
 */
export const devMailRoutes: FastifyPluginAsync = async (app) => {
  const outbox = (request: FastifyRequest) => {
    // Mail holds sign-in links: the outbox is read on this machine alone.
    if (!app.mailer.outbox || !isLoopback(request.ip)) {
      throw app.httpErrors.notFound(`Route GET ${request.url.split('?')[0]} not found`);
    }
    return app.mailer.outbox;
  };
  app.get('/mail', { schema: { hide: true } }, async (request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page(outbox(request))),
  );
  app.get('/mail.json', { schema: { hide: true } }, async (request, reply) =>
    reply.header('cache-control', 'no-store').send(outbox(request)),
  );
};
