import { http } from 'msw';
import { z } from 'zod';
import { AUTH_ERRORS, type Session, sessionSchema, sessionsEndedSchema } from '@wallet/shared/contracts';
import { fail, ok } from './envelopes';
import { fixtureId } from './fixtures';
import { server } from './server';

/** One of the person's sessions as GET /user/sessions lists it. */
export function session(n: number, fields: Partial<Session> = {}): Session {
  return {
    _id: fixtureId(700 + n),
    browser: 'Chrome',
    system: 'Linux',
    network: `203.0.113.${n}`,
    signedInAt: '2025-06-01T09:00:00.000Z',
    lastSeenAt: '2025-06-02T09:00:00.000Z',
    current: false,
    ...fields,
  };
}

/** The person's sessions in memory, answering as the API does: listed, one ended, every other ended. */
export function sessionsApi(sessions: Session[]) {
  const state = { sessions, ended: [] as string[] };
  server.use(
    http.get('*/api/v1/user/sessions', () =>
      ok(z.array(sessionSchema), state.sessions, { message: 'Sessions retrieved' }),
    ),
    http.delete('*/api/v1/user/sessions/:id', ({ params }) => {
      const id = String(params.id);
      if (!state.sessions.some((each) => each._id === id)) {
        return fail(404, AUTH_ERRORS.SESSION_NOT_FOUND.message, undefined, 'SESSION_NOT_FOUND');
      }
      state.ended.push(id);
      state.sessions = state.sessions.filter((each) => each._id !== id);
      return ok(z.null(), null, { message: 'Signed out of that session' });
    }),
    http.post('*/api/v1/user/sessions/sign-out-others', () => {
      const others = state.sessions.filter((each) => !each.current);
      state.ended.push(...others.map((each) => each._id));
      state.sessions = state.sessions.filter((each) => each.current);
      return ok(sessionsEndedSchema, { sessionsEnded: others.length }, { message: 'Signed out everywhere else' });
    }),
  );
  return state;
}
