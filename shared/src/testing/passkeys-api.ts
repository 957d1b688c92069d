import { http } from 'msw';
import { z } from 'zod';
import { PIN_ERRORS, type Passkey, passkeySchema, userSchema } from '@wallet/shared/contracts';
import { fail, ok } from './envelopes';
import { fixtureId, user } from './fixtures';
import { server } from './server';

/** One of the person's passkeys as GET /user/passkeys lists it. */
export function passkey(n: number, fields: Partial<Passkey> = {}): Passkey {
  return {
    _id: fixtureId(800 + n),
    name: `Passkey ${n}`,
    synced: false,
    createdAt: '2025-06-01T09:00:00.000Z',
    lastUsedAt: null,
    ...fields,
  };
}

const OPTIONS = { challenge: 'test-challenge', rp: { id: 'localhost', name: 'Digital Wallet' } };

/**
 * The passkey calls in memory, answering as the API does: the list, registration options (the
 * password `PASSWORD_OK` only) and verification, sign-in options and verification, rename and
 * removal. `sent` is what the screen sent, by path.
 */
export function passkeysApi(passkeys: Passkey[] = [], { password = 'correct horse battery' } = {}) {
  const state = { passkeys, sent: [] as { path: string; body: unknown }[] };
  const body = async (request: Request) => {
    const text = await request.text();
    return text ? (JSON.parse(text) as unknown) : undefined;
  };
  server.use(
    http.get('*/api/v1/user/passkeys', () => ok(z.array(passkeySchema), state.passkeys)),
    http.post('*/api/v1/auth/passkey/register/options', async ({ request }) => {
      const sent = await body(request);
      state.sent.push({ path: 'register/options', body: sent });
      if ((sent as { password?: string } | undefined)?.password !== password) {
        return fail(403, PIN_ERRORS.PASSWORD_WRONG.message, undefined, 'PASSWORD_WRONG');
      }
      return ok(z.looseObject({ challenge: z.string() }), OPTIONS);
    }),
    http.post('*/api/v1/auth/passkey/register/verify', async ({ request }) => {
      state.sent.push({ path: 'register/verify', body: await body(request) });
      const added = passkey(state.passkeys.length + 1, { name: 'Chrome on Linux' });
      state.passkeys = [...state.passkeys, added];
      return ok(passkeySchema, added, { status: 201, message: 'Passkey added' });
    }),
    http.post('*/api/v1/auth/passkey/login/options', () => ok(z.looseObject({ challenge: z.string() }), OPTIONS)),
    http.post('*/api/v1/auth/passkey/login/verify', async ({ request }) => {
      state.sent.push({ path: 'login/verify', body: await body(request) });
      return ok(userSchema, user(), { message: 'User Logged In SuccessFully' });
    }),
    http.patch('*/api/v1/user/passkeys/:id', async ({ request, params }) => {
      const { name } = (await body(request)) as { name: string };
      state.passkeys = state.passkeys.map((each) => (each._id === params.id ? { ...each, name } : each));
      return ok(
        passkeySchema,
        state.passkeys.find((each) => each._id === params.id)!,
      );
    }),
    http.delete('*/api/v1/user/passkeys/:id', ({ params }) => {
      const removed = state.passkeys.find((each) => each._id === params.id)!;
      state.passkeys = state.passkeys.filter((each) => each._id !== params.id);
      return ok(passkeySchema, removed, { message: 'Passkey removed' });
    }),
  );
  return state;
}
