import { http } from 'msw';
import { z } from 'zod';
import {
  addedPasskeySchema,
  PASSKEY_ERRORS,
  PIN_ERRORS,
  type Passkey,
  passkeySchema,
  type User,
  userSchema,
} from '@wallet/shared/contracts';
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

/** The recovery codes a staff member's first passkey brings, in the test double. */
export const RECOVERY_CODES = Array.from({ length: 10 }, (_, index) => `abcd-efgh-jk${String(index).padStart(2, '0')}`);

/** A staff member, for the double: the code mailed to them, and whether their session is fresh (an invitation's). */
interface StaffOptions {
  code?: string;
  fresh?: boolean;
}

function refuse(code: keyof typeof PASSKEY_ERRORS) {
  return fail(PASSKEY_ERRORS[code].status, PASSKEY_ERRORS[code].message, undefined, code);
}

/**
 * The passkey calls in memory, answering as the API does: the list, registration options and
 * verification, sign-in options and verification, rename and removal. A person's proof is the
 * password `password`; with `staff`, a staff member's: the mailed code for their first passkey
 * (or nothing when the session is fresh), a passkey sign-in just before for any other; their
 * first brings RECOVERY_CODES, which POST /auth/recovery takes once each. `signsIn` is who a
 * passkey signs in. `sent` is what the screen sent, by path.
 */
export function passkeysApi(
  passkeys: Passkey[] = [],
  {
    password = 'correct horse battery',
    staff,
    signsIn = user(),
  }: { password?: string; staff?: StaffOptions; signsIn?: User } = {},
) {
  const state = { passkeys, sent: [] as { path: string; body: unknown }[], recoveryCodes: [...RECOVERY_CODES] };
  let passkeySignedIn = false;
  const staffProof = (sent: { code?: string } | undefined) => {
    if (state.passkeys.length > 0) return passkeySignedIn ? null : refuse('PASSKEY_FRESH_NEEDED');
    if (sent?.code) return sent.code === staff!.code ? null : refuse('PASSKEY_CODE_WRONG');
    return staff!.fresh ? null : refuse('PASSKEY_CODE_NEEDED');
  };
  const body = async (request: Request) => {
    const text = await request.text();
    return text ? (JSON.parse(text) as unknown) : undefined;
  };
  server.use(
    http.get('*/api/v1/user/passkeys', () => ok(z.array(passkeySchema), state.passkeys)),
    http.post('*/api/v1/auth/passkey/register/options', async ({ request }) => {
      const sent = await body(request);
      state.sent.push({ path: 'register/options', body: sent });
      if (staff)
        return (
          staffProof(sent as { code?: string } | undefined) ?? ok(z.looseObject({ challenge: z.string() }), OPTIONS)
        );
      if ((sent as { password?: string } | undefined)?.password !== password) {
        return fail(403, PIN_ERRORS.PASSWORD_WRONG.message, undefined, 'PASSWORD_WRONG');
      }
      return ok(z.looseObject({ challenge: z.string() }), OPTIONS);
    }),
    http.post('*/api/v1/auth/passkey/register/verify', async ({ request }) => {
      state.sent.push({ path: 'register/verify', body: await body(request) });
      const added = passkey(state.passkeys.length + 1, { name: 'Chrome on Linux' });
      const first = state.passkeys.length === 0;
      state.passkeys = [...state.passkeys, added];
      return ok(addedPasskeySchema, staff && first ? { ...added, recoveryCodes: RECOVERY_CODES } : added, {
        status: 201,
        message: 'Passkey added',
      });
    }),
    http.post('*/api/v1/auth/passkey/login/options', () => ok(z.looseObject({ challenge: z.string() }), OPTIONS)),
    http.post('*/api/v1/auth/passkey/login/verify', async ({ request }) => {
      state.sent.push({ path: 'login/verify', body: await body(request) });
      passkeySignedIn = true;
      return ok(userSchema, signsIn, { message: 'User Logged In SuccessFully' });
    }),
    http.post('*/api/v1/auth/passkey/code', () => {
      state.sent.push({ path: 'code', body: undefined });
      return ok(z.null(), null, { message: 'We mailed you a code' });
    }),
    http.post('*/api/v1/auth/recovery', async ({ request }) => {
      const { code } = (await body(request)) as { code: string };
      state.sent.push({ path: 'recovery', body: { code } });
      const normalised = code.trim().toLowerCase();
      if (!state.recoveryCodes.includes(normalised)) return refuse('RECOVERY_CODE_WRONG');
      state.recoveryCodes = state.recoveryCodes.filter((each) => each !== normalised);
      return ok(userSchema, signsIn, { message: 'Signed in with a recovery code' });
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
