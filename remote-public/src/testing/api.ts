import { http, HttpResponse } from 'msw';
import { server } from './server';

/** A request the test releases when it chooses, so the pending state can be seen without timers. */
export function heldRequest() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { release, released };
}

export function apiAnswers(method: 'post' | 'get', path: string, status: number, body: object, hold?: Promise<void>) {
  const requests: unknown[] = [];
  server.use(
    http[method](`*/api/v1${path}`, async ({ request }) => {
      requests.push(method === 'post' ? await request.json() : null);
      await hold;
      return HttpResponse.json(body, { status });
    }),
  );
  return requests;
}
