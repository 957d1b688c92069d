import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { AppName } from '@wallet/shared/areas';
import { envelopeSchema, idSchema, RELEASE_ERRORS } from '@wallet/shared/contracts';
import {
  activateReleaseInputSchema,
  areaReleasesSchema,
  createDeployTokenInputSchema,
  createdDeployTokenSchema,
  deployerSchema,
  deployTokenSchema,
  publishReleaseInputSchema,
  releaseAccessSchema,
  releaseSchema,
  rolloutInputSchema,
  setDeployerInputSchema,
  type ReleaseAccess,
} from '@wallet/shared/contracts/releases';
import { APP_NAMES } from '@wallet/shared/areas';
import { codedError, tableError } from '../lib/api-errors';
import { send } from '../lib/reply';
import { clientNetwork } from '../plugins/app/limits';
import {
  authenticateDeployToken,
  createDeployToken,
  listDeployTokens,
  revokeDeployToken,
  type TokenHolder,
} from '../site/deploy-tokens';
import { listDeployers, setDeployer } from '../site/deployers';
import { countFailure, failuresOf } from '../lib/rate-limits';
import { activateRelease, knownArea, listReleases, publishRelease } from '../site/releases';
import { promoteRelease, rollbackRelease, rolloutRelease } from '../site/rollouts';
import { errors } from './schemas';

/** Who is asking: an admin by session (a deployer or not), or a deploy token. */
type Releaser = { kind: 'admin'; id: string; email: string; deployer: boolean } | ({ kind: 'token' } & TokenHolder);

declare module 'fastify' {
  interface FastifyRequest {
    releaser?: Releaser;
  }
}

/** Wrong bearer attempts are counted per address over this window. */
const WRONG_TOKEN_WINDOW_MS = 15 * 60 * 1000;

const by = (releaser: Releaser) => (releaser.kind === 'admin' ? releaser.email : `token ${releaser.name}`);

function accessOf(releaser: Releaser): ReleaseAccess {
  if (releaser.kind === 'admin') {
    return {
      canDeploy: releaser.deployer,
      areas: releaser.deployer ? [...APP_NAMES] : [],
      canManageTokens: releaser.deployer,
    };
  }
  return { canDeploy: true, areas: releaser.areas, canManageTokens: releaser.manages };
}

/** Publishing, switching and rolling back `area`: deployers, and tokens that name it. */
function mayRelease(request: FastifyRequest, area: AppName) {
  const releaser = request.releaser!;
  if (releaser.kind === 'admin' && !releaser.deployer) {
    throw tableError(RELEASE_ERRORS, 'NOT_DEPLOYER');
  }
  if (releaser.kind === 'token' && !releaser.areas.includes(area)) {
    throw tableError(RELEASE_ERRORS, 'TOKEN_AREA', { area });
  }
}

/** The area a switch of `/:area/…` is for, once the caller may release it, and who they are. */
function releasing(request: FastifyRequest, name: string) {
  const area = knownArea(name);
  mayRelease(request, area);
  return { area, who: by(request.releaser!) };
}

/** Creating and revoking tokens: deployers, and the site's startup token. */
function mayManageTokens(request: FastifyRequest) {
  if (!accessOf(request.releaser!).canManageTokens) {
    throw tableError(RELEASE_ERRORS, 'NOT_TOKEN_MANAGER');
  }
}

/**
 * Releases of the front ends, shared by every instance through the database. Every staff member
 * may read them; only deployers (staff granted DEPLOYER by an owner other than themselves; the
 * route table, shared/src/contracts/staff.ts) and deploy tokens
 * (`Authorization: Bearer <token>`, each for its areas) publish and switch. Wrong bearer attempts
 * are limited per address; a right token always passes.
 */
export const releaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const asAdmin = app.authorize('ADMIN');
  app.addHook('preHandler', async (request: FastifyRequest) => {
    const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (bearer) {
      // The token first: a right one (32 random bytes, never guessed) always passes, however many
      // wrong ones its address sent (a CI runner pool shares one). Only wrong ones are counted and refused.
      const holder = await authenticateDeployToken(app.db, bearer);
      if (holder) {
        request.releaser = { kind: 'token', ...holder };
        return;
      }
      const wrongKey = `deploy-token-wrong|${clientNetwork(request)}`;
      if ((await failuresOf(app.db, wrongKey)) >= app.config.rateLimits.deployToken) {
        throw codedError(
          429,
          'Too many wrong deploy tokens from this address. Please try again later.',
          'RATE_LIMITED',
        );
      }
      await countFailure(app.db, wrongKey, WRONG_TOKEN_WINDOW_MS);
      throw tableError(RELEASE_ERRORS, 'TOKEN_INVALID');
    }
    await asAdmin(request);
    const admin = request.sessionUser!;
    request.releaser = {
      kind: 'admin',
      id: admin.id,
      email: admin.email,
      deployer: admin.staffRoles.includes('DEPLOYER'),
    };
  });

  app.get(
    '/',
    { schema: { tags: ['releases'], response: { 200: envelopeSchema(z.array(areaReleasesSchema)), ...errors.admin } } },
    async (_request, reply) => send(reply, 200, 'Releases retrieved', await listReleases(app.db)),
  );

  app.get(
    '/access',
    { schema: { tags: ['releases'], response: { 200: envelopeSchema(releaseAccessSchema), ...errors.admin } } },
    async (request, reply) => send(reply, 200, 'Release access retrieved', accessOf(request.releaser!)),
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['releases'],
        body: publishReleaseInputSchema,
        response: { 201: envelopeSchema(releaseSchema), ...errors.admin },
      },
    },
    async (request, reply) => {
      mayRelease(request, request.body.area);
      const options = { releasesDir: app.config.releasesDir, origins: app.config.releaseOrigins };
      return send(
        reply,
        201,
        'Release published',
        await publishRelease(app.db, options, request.body, by(request.releaser!)),
      );
    },
  );

  // Any name: an area that does not exist is a 404, not a malformed request.
  const areaParams = z.object({ area: z.string().max(64) });
  const areaReply = { 200: envelopeSchema(areaReleasesSchema), ...errors.admin };

  app.post(
    '/:area/activate',
    { schema: { tags: ['releases'], params: areaParams, body: activateReleaseInputSchema, response: areaReply } },
    async (request, reply) => {
      const { area, who } = releasing(request, request.params.area);
      return send(reply, 200, 'Release is live', await activateRelease(app.db, area, request.body.version, who));
    },
  );

  app.post(
    '/:area/rollout',
    { schema: { tags: ['releases'], params: areaParams, body: rolloutInputSchema, response: areaReply } },
    async (request, reply) => {
      const { area, who } = releasing(request, request.params.area);
      const state = await rolloutRelease(app.db, area, request.body, who);
      const to = request.body.audience === 'admins' ? 'admins' : `${request.body.share}% of visitors`;
      return send(reply, 200, `Release is rolling out to ${to}`, state);
    },
  );

  // The two steps that take no body: the rollout for everyone, or taken back.
  for (const [step, said, run] of [
    ['promote', 'Release is live for everyone', promoteRelease],
    ['rollback', 'Release rolled back', rollbackRelease],
  ] as const) {
    app.post(
      `/:area/${step}`,
      { schema: { tags: ['releases'], params: areaParams, response: areaReply } },
      async (request, reply) => {
        const { area, who } = releasing(request, request.params.area);
        return send(reply, 200, said, await run(app.db, area, who));
      },
    );
  }

  app.get(
    '/tokens',
    { schema: { tags: ['releases'], response: { 200: envelopeSchema(z.array(deployTokenSchema)), ...errors.admin } } },
    async (request, reply) => {
      if (request.releaser!.kind === 'token') mayManageTokens(request);
      return send(reply, 200, 'Deploy tokens retrieved', await listDeployTokens(app.db));
    },
  );

  app.post(
    '/tokens',
    {
      schema: {
        tags: ['releases'],
        body: createDeployTokenInputSchema,
        response: { 201: envelopeSchema(createdDeployTokenSchema), ...errors.admin },
      },
    },
    async (request, reply) => {
      mayManageTokens(request);
      const created = await createDeployToken(app.db, request.body, by(request.releaser!));
      return send(reply, 201, 'Deploy token created: copy it now, it is not shown again', created);
    },
  );

  app.delete(
    '/tokens/:id',
    {
      schema: {
        tags: ['releases'],
        params: z.object({ id: idSchema }),
        response: { 200: envelopeSchema(deployTokenSchema), ...errors.admin },
      },
    },
    async (request, reply) => {
      mayManageTokens(request);
      return send(
        reply,
        200,
        'Deploy token revoked',
        await revokeDeployToken(app.db, request.params.id, by(request.releaser!)),
      );
    },
  );

  app.get(
    '/deployers',
    { schema: { tags: ['releases'], response: { 200: envelopeSchema(z.array(deployerSchema)), ...errors.admin } } },
    async (request, reply) => {
      if (request.releaser!.kind !== 'admin') throw tableError(RELEASE_ERRORS, 'ADMINS_ONLY');
      return send(reply, 200, 'Deployers retrieved', await listDeployers(app.db));
    },
  );

  app.patch(
    '/deployers/:id',
    {
      schema: {
        tags: ['releases'],
        params: z.object({ id: idSchema }),
        body: setDeployerInputSchema,
        response: { 200: envelopeSchema(deployerSchema), ...errors.admin },
      },
    },
    async (request, reply) => {
      const releaser = request.releaser!;
      if (releaser.kind !== 'admin') throw tableError(RELEASE_ERRORS, 'ADMINS_ONLY');
      const updated = await setDeployer(app.db, releaser.id, request.params.id, request.body.deployer);
      return send(reply, 200, updated.deployer ? 'Deploy permission granted' : 'Deploy permission revoked', updated);
    },
  );
};
