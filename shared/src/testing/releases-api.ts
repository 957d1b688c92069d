import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { APP_NAMES } from '@wallet/shared/areas';
import {
  activateReleaseInputSchema,
  appNameSchema,
  areaReleasesSchema,
  type AreaReleases,
} from '@wallet/shared/contracts';
import { fail, ok } from './envelopes';
import { areaReleases, fixtureId } from './fixtures';
import { server } from './server';

/**
 * The releases API in memory, answering as the real one does: every area's releases, and a
 * switch that moves the area's live release and records it, or is refused (404 for an unknown
 * version, 409 for the live one, any answer set in `refuse`; one without a message has no body).
 * `hold` keeps every answer back until the test releases it; `posts` is what the screen sent.
 */
export function releasesApi({ areas = APP_NAMES.map((area) => areaReleases(area)) } = {}) {
  const state = {
    areas: [...areas],
    posts: [] as { area: string; body: unknown }[],
    refuse: null as null | { status: number; message?: string },
    hold: null as null | Promise<void>,
    admin: 'admin@example.com',
    now: '2025-05-01T12:00:00.000Z',
  };

  const activate = (current: AreaReleases, version: string): AreaReleases => {
    const target = current.releases.find((release) => release.version === version)!;
    const switched = {
      _id: fixtureId(900_000 + state.posts.length),
      area: current.area,
      from: current.live?.version ?? null,
      to: version,
      switchedBy: state.admin,
      switchedAt: state.now,
    };
    const next = {
      ...current,
      live: target,
      liveSince: state.now,
      liveBy: state.admin,
      switches: [switched, ...current.switches],
    };
    state.areas = state.areas.map((other) => (other.area === current.area ? next : other));
    return next;
  };

  server.use(
    http.get('*/api/v1/releases', async () => {
      await state.hold;
      return ok(z.array(areaReleasesSchema), state.areas, { message: 'Releases retrieved' });
    }),
    http.post('*/api/v1/releases/:area/activate', async ({ request, params }) => {
      const body: unknown = await request.json();
      state.posts.push({ area: String(params.area), body });
      await state.hold;
      if (state.refuse) {
        const { status, message } = state.refuse;
        return message === undefined ? new HttpResponse(null, { status }) : fail(status, message);
      }
      const area = appNameSchema.safeParse(params.area);
      const input = activateReleaseInputSchema.safeParse(body);
      if (!area.success) return fail(400, `area ${area.error.issues[0]!.message}`);
      if (!input.success) return fail(400, `version ${input.error.issues[0]!.message}`);
      const current = state.areas.find((entry) => entry.area === area.data);
      if (!current?.releases.some((release) => release.version === input.data.version))
        return fail(404, 'Release not found');
      if (current.live?.version === input.data.version) return fail(409, 'This release is already live');
      return ok(areaReleasesSchema, activate(current, input.data.version), { message: 'Release is live' });
    }),
  );
  return state;
}
