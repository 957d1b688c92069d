import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { APP_NAMES, type AppName } from '@wallet/shared/areas';
import { RELEASE_ERRORS } from '@wallet/shared/contracts';
import {
  STARTUP_TOKEN_NAME,
  activateReleaseInputSchema,
  appNameSchema,
  areaReleasesSchema,
  createDeployTokenInputSchema,
  createdDeployTokenSchema,
  deployTokenSchema,
  deployerSchema,
  releaseAccessSchema,
  rolloutInputSchema,
  setDeployerInputSchema,
  type AreaReleases,
  type DeployToken,
  type Deployer,
  type ReleaseAccess,
  type ReleaseSwitch,
} from '@wallet/shared/contracts/releases';
import { useSession } from '@wallet/shared/session';
import { fail, ok, validationFailed } from './envelopes';
import { admin, areaReleases, fixtureId } from './fixtures';
import { server } from './server';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Far enough ahead that a fixture token is still usable whenever the tests run. */
const FAR_AHEAD = '2099-01-01T00:00:00.000Z';

/**
 * The site's tokens as a test meets them: the startup token, `ci` (the publisher of every release
 * fixture), `nightly` (expired) and `laptop` (revoked).
 */
function seededTokens(): DeployToken[] {
  const token = (n: number, fields: Partial<DeployToken> & Pick<DeployToken, 'name'>): DeployToken => ({
    _id: fixtureId(700 + n),
    areas: [...APP_NAMES],
    expiresAt: FAR_AHEAD,
    lastUsedAt: null,
    createdAt: `2025-03-0${n}T08:00:00.000Z`,
    createdBy: 'admin@example.com',
    revokedAt: null,
    ...fields,
  });
  return [
    token(4, {
      name: STARTUP_TOKEN_NAME,
      expiresAt: null,
      lastUsedAt: '2025-04-02T09:00:00.000Z',
      createdBy: 'the site at start',
    }),
    token(3, { name: 'ci', lastUsedAt: '2025-04-03T09:00:00.000Z' }),
    token(2, {
      name: 'nightly',
      areas: ['host'],
      expiresAt: '2025-03-31T00:00:00.000Z',
      createdBy: 'nadia@example.com',
    }),
    token(1, { name: 'laptop', areas: ['agent'], revokedAt: '2025-03-15T10:00:00.000Z' }),
  ];
}

/** The API's order: usable tokens before revoked ones, newest first. */
const listed = (tokens: DeployToken[]) =>
  [...tokens].sort(
    (a, b) => Number(a.revokedAt !== null) - Number(b.revokedAt !== null) || b.createdAt.localeCompare(a.createdAt),
  );

/**
 * The releases API in memory, answering as the real one does for the signed-in admin `me` (signed
 * in by this call), a deployer unless `deployer` is false:
 * - every area's releases, and a switch that moves the area's live release and records it, or is
 *   refused (403 for an admin who does not deploy, 404 for an unknown version, 409 for the live one);
 *   an outright switch ends any rollout, as the API's does;
 * - a rollout (to a share of visitors, or an admins-only preview) set beside the live release,
 *   replacing any other (409 with no live release, or for the live one); promoting it (409 with
 *   none); rolling back, which cancels the rollout if there is one, else switches back to the
 *   release live before (409 when none is known: the fixtures' last outright switch or promotion
 *   to the live release, then what this mock switched); each recorded with its kind;
 * - what `me` may do (`access`, from `me`'s row in `deployers`);
 * - the deploy tokens: created with a secret answered this once (400 for a body the contract
 *   refuses, 409 for a name in use), revoked (409 for the startup token or a revoked one), both 403
 *   for an admin who does not deploy;
 * - the admins and whether each deploys, granted or revoked (403 for `me`, 409 when nothing changes).
 * `refuse` answers every write with that error (one without a message has no body); `hold` keeps
 * every answer back until the test releases it; `posts` is the switches the screen sent, `writes`
 * its rollout, promotion, rollback, token and deployer requests.
 */
export function releasesApi({
  areas = APP_NAMES.map((area) => areaReleases(area)),
  deployer = true,
  tokens = seededTokens(),
}: { areas?: AreaReleases[]; deployer?: boolean; tokens?: DeployToken[] } = {}) {
  const me = admin();
  const state = {
    me,
    areas: [...areas],
    tokens: [...tokens],
    deployers: [
      { _id: me._id, name: me.name, email: me.email, deployer },
      { _id: fixtureId(801), name: 'Karim', email: 'karim@example.com', deployer: false },
      { _id: fixtureId(802), name: 'Nadia', email: 'nadia@example.com', deployer: true },
    ] as Deployer[],
    posts: [] as { area: string; body: unknown }[],
    writes: [] as { method: string; path: string; body?: unknown }[],
    refuse: null as null | { status: number; message?: string },
    hold: null as null | Promise<void>,
    /** `me`'s email: the API's record of who switched. */
    admin: me.email,
    now: '2025-05-01T12:00:00.000Z',
    /** What the API answers `me` at /releases/access. */
    get access(): ReleaseAccess {
      const deploys = state.deployers.some((row) => row._id === me._id && row.deployer);
      return { canDeploy: deploys, areas: deploys ? [...APP_NAMES] : [], canManageTokens: deploys };
    },
  };
  useSession.setState({ user: me, status: 'signed-in' });

  const refused = () => {
    if (!state.refuse) return undefined;
    const { status, message } = state.refuse;
    return message === undefined ? new HttpResponse(null, { status }) : fail(status, message);
  };
  const notDeployer = () => fail(403, RELEASE_ERRORS.NOT_DEPLOYER.message, undefined, 'NOT_DEPLOYER');
  const notTokenManager = () => fail(403, RELEASE_ERRORS.NOT_TOKEN_MANAGER.message, undefined, 'NOT_TOKEN_MANAGER');

  /** The release each area was on before its live one, for a rollback without a rollout. */
  const liveBefore = new Map<AppName, string>();
  for (const entry of areas) {
    const last = entry.switches.find((row) => row.kind === 'switch' || row.kind === 'promote');
    if (last?.from && last.to === entry.live?.version) liveBefore.set(entry.area, last.from);
  }
  let recorded = 0;

  /** Records a switch of `current` with `kind`, and keeps the area's new state. */
  const record = (
    current: AreaReleases,
    next: Omit<AreaReleases, 'switches'>,
    change: Pick<ReleaseSwitch, 'kind' | 'share' | 'from' | 'to'>,
  ): AreaReleases => {
    recorded += 1;
    const switched: ReleaseSwitch = {
      _id: fixtureId(900_000 + recorded),
      area: current.area,
      ...change,
      switchedBy: state.admin,
      switchedAt: state.now,
    };
    const kept = { ...next, switches: [switched, ...current.switches] };
    state.areas = state.areas.map((other) => (other.area === current.area ? kept : other));
    return kept;
  };

  /** `current` with `version` live for everyone from now, by `me`, and no rollout. */
  const liveOn = (current: AreaReleases, version: string) => {
    if (current.live) liveBefore.set(current.area, current.live.version);
    const target = current.releases.find((release) => release.version === version)!;
    return { ...current, live: target, liveSince: state.now, liveBy: state.admin, candidate: null };
  };

  const activate = (current: AreaReleases, version: string): AreaReleases =>
    record(current, liveOn(current, version), {
      kind: 'switch',
      share: null,
      from: current.live?.version ?? null,
      to: version,
    });

  const rollout = (current: AreaReleases, input: z.infer<typeof rolloutInputSchema>): AreaReleases => {
    const share = input.audience === 'share' ? input.share! : null;
    const target = current.releases.find((release) => release.version === input.version)!;
    const candidate = { release: target, audience: input.audience, share, since: state.now, by: state.admin };
    return record(
      current,
      { ...current, candidate },
      { kind: 'rollout', share, from: current.live?.version ?? null, to: input.version },
    );
  };

  /** Cancels the rollout (everyone stays on the live release), else goes back to the release live before. */
  const rollBack = (current: AreaReleases, candidate: string | undefined, before: string): AreaReleases =>
    candidate
      ? record(
          current,
          { ...current, candidate: null },
          { kind: 'rollback', share: null, from: candidate, to: current.live!.version },
        )
      : record(current, liveOn(current, before), {
          kind: 'rollback',
          share: null,
          from: current.live?.version ?? null,
          to: before,
        });

  /** The area a write names, or the refusal to answer: its refusal, a bad area, an admin who does not deploy. */
  const writable = (params: Record<string, unknown>) => {
    const refusal = refused();
    if (refusal) return { refusal, current: undefined };
    const area = appNameSchema.safeParse(params.area);
    if (!area.success) return { refusal: fail(400, `area ${area.error.issues[0]!.message}`), current: undefined };
    if (!state.access.canDeploy) return { refusal: notDeployer(), current: undefined };
    return { refusal: undefined, current: state.areas.find((entry) => entry.area === area.data)! };
  };

  /** A token made now, by the server's clock: its expiry is real time ahead, as the screen reads it. */
  const newToken = (input: z.infer<typeof createDeployTokenInputSchema>): DeployToken => {
    const now = Date.now();
    return {
      _id: fixtureId(750 + state.tokens.length),
      name: input.name,
      areas: input.areas,
      expiresAt: new Date(now + input.expiresInDays * DAY_MS).toISOString(),
      lastUsedAt: null,
      createdAt: new Date(now).toISOString(),
      createdBy: me.email,
      revokedAt: null,
    };
  };

  server.use(
    http.get('*/api/v1/releases', async () => {
      await state.hold;
      return ok(z.array(areaReleasesSchema), state.areas, { message: 'Releases retrieved' });
    }),
    http.get('*/api/v1/releases/access', async () => {
      await state.hold;
      return ok(releaseAccessSchema, state.access, { message: 'Release access retrieved' });
    }),
    http.post('*/api/v1/releases/:area/activate', async ({ request, params }) => {
      const body: unknown = await request.json();
      state.posts.push({ area: String(params.area), body });
      await state.hold;
      const refusal = refused();
      if (refusal) return refusal;
      const area = appNameSchema.safeParse(params.area);
      const input = activateReleaseInputSchema.safeParse(body);
      if (!area.success) return fail(400, `area ${area.error.issues[0]!.message}`);
      if (!input.success) return fail(400, `version ${input.error.issues[0]!.message}`);
      if (!state.access.canDeploy) return notDeployer();
      const current = state.areas.find((entry) => entry.area === area.data);
      if (!current?.releases.some((release) => release.version === input.data.version))
        return fail(404, 'Release not found');
      if (current.live?.version === input.data.version) return fail(409, 'This release is already live');
      return ok(areaReleasesSchema, activate(current, input.data.version), { message: 'Release is live' });
    }),

    http.post('*/api/v1/releases/:area/rollout', async ({ request, params }) => {
      const body: unknown = await request.json();
      state.writes.push({ method: 'POST', path: `/releases/${String(params.area)}/rollout`, body });
      await state.hold;
      const { refusal, current } = writable(params);
      if (refusal) return refusal;
      const input = rolloutInputSchema.safeParse(body);
      if (!input.success) return validationFailed(input.error);
      const { version, audience, share } = input.data;
      if (!current.live) return fail(409, 'This area has no live release: make one live first');
      if (!current.releases.some((release) => release.version === version)) return fail(404, 'Release not found');
      if (current.live.version === version) return fail(409, 'This release is already live');
      return ok(areaReleasesSchema, rollout(current, input.data), {
        message: `Release is rolling out to ${audience === 'share' ? `${share}% of visitors` : 'admins'}`,
      });
    }),
    http.post('*/api/v1/releases/:area/promote', async ({ params }) => {
      state.writes.push({ method: 'POST', path: `/releases/${String(params.area)}/promote` });
      await state.hold;
      const { refusal, current } = writable(params);
      if (refusal) return refusal;
      const { candidate, live } = current;
      if (!candidate) return fail(409, 'No release is rolling out in this area');
      const promoted = record(current, liveOn(current, candidate.release.version), {
        kind: 'promote',
        share: null,
        from: live?.version ?? null,
        to: candidate.release.version,
      });
      return ok(areaReleasesSchema, promoted, { message: 'Release is live for everyone' });
    }),
    http.post('*/api/v1/releases/:area/rollback', async ({ params }) => {
      state.writes.push({ method: 'POST', path: `/releases/${String(params.area)}/rollback` });
      await state.hold;
      const { refusal, current } = writable(params);
      if (refusal) return refusal;
      const candidate = current.candidate?.release.version;
      const before = liveBefore.get(current.area);
      if (!candidate && !before) return fail(409, 'This area has no earlier release to roll back to');
      return ok(areaReleasesSchema, rollBack(current, candidate, before!), { message: 'Release rolled back' });
    }),

    http.get('*/api/v1/releases/tokens', async () => {
      await state.hold;
      return ok(z.array(deployTokenSchema), listed(state.tokens), { message: 'Deploy tokens retrieved' });
    }),
    http.post('*/api/v1/releases/tokens', async ({ request }) => {
      const body: unknown = await request.json();
      state.writes.push({ method: 'POST', path: '/releases/tokens', body });
      await state.hold;
      const refusal = refused();
      if (refusal) return refusal;
      const input = createDeployTokenInputSchema.safeParse(body);
      if (!input.success) return validationFailed(input.error);
      if (!state.access.canManageTokens) return notTokenManager();
      if (state.tokens.some((token) => token.name === input.data.name && token.revokedAt === null))
        return fail(409, 'A token of that name is in use: revoke it first or choose another name');
      const token = newToken(input.data);
      state.tokens = [token, ...state.tokens];
      return ok(
        createdDeployTokenSchema,
        { token, secret: `wdt_secret-of-${token.name}` },
        { status: 201, message: 'Deploy token created: copy it now, it is not shown again' },
      );
    }),
    http.delete('*/api/v1/releases/tokens/:id', async ({ params }) => {
      state.writes.push({ method: 'DELETE', path: `/releases/tokens/${String(params.id)}` });
      await state.hold;
      const refusal = refused();
      if (refusal) return refusal;
      if (!state.access.canManageTokens) return notTokenManager();
      const token = state.tokens.find((row) => row._id === params.id);
      if (!token) return fail(404, 'Deploy token not found');
      if (token.name === STARTUP_TOKEN_NAME)
        return fail(409, "The startup token is replaced at the site's next start, not revoked");
      if (token.revokedAt !== null) return fail(409, 'This token is already revoked');
      const revoked = { ...token, revokedAt: state.now };
      state.tokens = state.tokens.map((row) => (row._id === token._id ? revoked : row));
      return ok(deployTokenSchema, revoked, { message: 'Deploy token revoked' });
    }),

    http.get('*/api/v1/releases/deployers', async () => {
      await state.hold;
      return ok(z.array(deployerSchema), state.deployers, { message: 'Deployers retrieved' });
    }),
    http.patch('*/api/v1/releases/deployers/:id', async ({ request, params }) => {
      const body: unknown = await request.json();
      state.writes.push({ method: 'PATCH', path: `/releases/deployers/${String(params.id)}`, body });
      await state.hold;
      const refusal = refused();
      if (refusal) return refusal;
      const input = setDeployerInputSchema.safeParse(body);
      if (!input.success) return validationFailed(input.error);
      if (params.id === me._id) return fail(403, 'An admin cannot grant or revoke their own deploy permission');
      const target = state.deployers.find((row) => row._id === params.id);
      if (!target) return fail(404, 'Admin not found');
      const { deployer: deploys } = input.data;
      if (target.deployer === deploys)
        return fail(409, deploys ? 'This admin already deploys' : 'This admin does not deploy');
      const updated = { ...target, deployer: deploys };
      state.deployers = state.deployers.map((row) => (row._id === target._id ? updated : row));
      return ok(deployerSchema, updated, {
        message: deploys ? 'Deploy permission granted' : 'Deploy permission revoked',
      });
    }),
  );
  return state;
}
