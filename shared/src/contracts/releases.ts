import { z } from 'zod';
import registry from '@wallet/shared/areas.json';
import { idSchema, textSchema } from './common';
import { says } from './validation';

/** Every app that is released on its own: the host and each area's remote (the area registry's names). */
export const appNameSchema = z.enum(Object.keys(registry) as [keyof typeof registry, ...(keyof typeof registry)[]], {
  error: says('area', { areas: Object.keys(registry).join(', ') }),
});

/** A release's name: its folder under the releases directory, so a path segment and nothing more. */
export const releaseVersionSchema = textSchema().pipe(
  z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, {
    error: says('releaseVersion'),
  }),
);

export const releaseSchema = z.object({
  _id: idSchema,
  area: appNameSchema,
  version: z.string(),
  /** Where the host loads it: a path on this site, or an absolute URL (a CDN, another origin). */
  manifestUrl: z.string(),
  /** The origin its code comes from: `self` (this site) or an origin of RELEASE_ORIGINS. */
  origin: z.string(),
  /**
   * The Subresource Integrity of the script the host loads (`sha256-<base64>`): a remote's
   * remoteEntry.js, the host's index.html. Null for releases recorded before it was kept.
   */
  integrity: z.string().nullable(),
  createdAt: z.string(),
  /** The deployer's email, or `token <name>`. */
  createdBy: z.string(),
  /** Page views of this release and client errors reported from it (counted by every instance). */
  views: z.number().int(),
  errors: z.number().int(),
  /**
   * The distinct client networks (IPv4 addresses, IPv6 /64s) those came from: a count of reports
   * from few networks is a few browsers', or a forger's (the rollback rule weighs each network).
   */
  networks: z.number().int(),
});
export type Release = z.infer<typeof releaseSchema>;

/** Who a release rolling out reaches: a share of visitors (by their browser's bucket), or admins only (a preview). */
export const ROLLOUT_AUDIENCES = ['share', 'admins'] as const;
export const rolloutAudienceSchema = z.enum(ROLLOUT_AUDIENCES);
export type RolloutAudience = z.infer<typeof rolloutAudienceSchema>;

/** An area's release on its way: live for some visitors, beside the one everyone else gets. */
export const candidateReleaseSchema = z.object({
  release: releaseSchema,
  audience: rolloutAudienceSchema,
  /** The percentage of visitors (1 to 99) for `share`; null for a preview. */
  share: z.number().int().nullable(),
  since: z.string(),
  by: z.string(),
});
export type CandidateRelease = z.infer<typeof candidateReleaseSchema>;

/** How an area's release changed: switched outright, rolled out, promoted, rolled back (by hand or by the system). */
export const SWITCH_KINDS = ['switch', 'rollout', 'promote', 'rollback', 'auto_rollback'] as const;
export const switchKindSchema = z.enum(SWITCH_KINDS);
export type SwitchKind = z.infer<typeof switchKindSchema>;

/** One switch of an area's live release: the audit record. */
export const releaseSwitchSchema = z.object({
  _id: idSchema,
  area: appNameSchema,
  kind: switchKindSchema,
  /** A rollout's percentage of visitors; null otherwise. */
  share: z.number().int().nullable(),
  from: z.string().nullable(),
  to: z.string(),
  switchedBy: z.string(),
  switchedAt: z.string(),
});
export type ReleaseSwitch = z.infer<typeof releaseSwitchSchema>;

/** An area's live release, when it went live and by whom, its releases and its switches (newest first). */
export const areaReleasesSchema = z.object({
  area: appNameSchema,
  live: releaseSchema.nullable(),
  liveSince: z.string().nullable(),
  liveBy: z.string().nullable(),
  /** The release rolling out, if any. */
  candidate: candidateReleaseSchema.nullable(),
  releases: z.array(releaseSchema),
  switches: z.array(releaseSwitchSchema),
});
export type AreaReleases = z.infer<typeof areaReleasesSchema>;

/** Publishing: a folder already copied under the releases directory, or a URL alone. */
export const publishReleaseInputSchema = z.object({
  area: appNameSchema,
  version: releaseVersionSchema,
  url: z
    .url({ protocol: /^https?$/, error: says('releaseUrl') })
    .max(2000, { error: says('atMostCharacters', { max: 2000 }) })
    .optional(),
  activate: z.boolean().default(true),
});
export type PublishReleaseInput = z.input<typeof publishReleaseInputSchema>;

export const activateReleaseInputSchema = z.object({ version: releaseVersionSchema });
export type ActivateReleaseInput = z.infer<typeof activateReleaseInputSchema>;

/**
 * A release rolled out to a share of visitors (`share`, 1 to 99 percent), or previewed by admins
 * only (`audience: 'admins'`): the area's live release stays for everyone else.
 */
export const rolloutInputSchema = z
  .object({
    version: releaseVersionSchema,
    audience: rolloutAudienceSchema.default('share'),
    share: z
      .number({ error: says('percentage') })
      .int({ error: says('wholePercentage') })
      .min(1, { error: says('atLeastOnePercent') })
      .max(99, { error: says('atMostShare') })
      .optional(),
  })
  .refine((input) => (input.audience === 'share') === (input.share !== undefined), {
    error: says('shareOnlyForShare'),
    path: ['share'],
  });
export type RolloutInput = z.input<typeof rolloutInputSchema>;

/** What the host reports of the releases a page runs: a page view of an area, an uncaught error in it, or an area that did not load. */
export const CLIENT_REPORT_KINDS = ['view', 'error', 'unavailable'] as const;
export const clientReportSchema = z.strictObject({
  /**
   * The page's report token (its runtime config's `reportToken`). Reports without a valid one are
   * answered as any others and not counted: a forger learns nothing from the answer.
   */
  token: z.string().max(2000).optional(),
  reports: z
    .array(
      // Nothing else, so nothing personal (a message, a URL) can ride along.
      z.strictObject({
        area: appNameSchema,
        release: releaseVersionSchema,
        kind: z.enum(CLIENT_REPORT_KINDS),
      }),
    )
    .min(1)
    .max(20, { error: says('reportsAtMost', { max: 20 }) }),
});
export type ClientReport = z.infer<typeof clientReportSchema>;

/** The cookie that holds a browser's random id, from which its rollout bucket of each area is drawn. */
export const BUCKET_COOKIE = 'wallet_bucket';

/** What the caller may do with releases: read (every admin), deploy (deployers and tokens, per area). */
export const releaseAccessSchema = z.object({
  canDeploy: z.boolean(),
  /** The areas the caller may release: every app for a deployer, the token's areas for a token. */
  areas: z.array(appNameSchema),
  /** Whether the caller may create and revoke deploy tokens (deployers, and the startup token). */
  canManageTokens: z.boolean(),
});
export type ReleaseAccess = z.infer<typeof releaseAccessSchema>;

/** A deploy token as listed: never its secret, which is shown once, when it is created. */
export const deployTokenSchema = z.object({
  _id: idSchema,
  name: z.string(),
  areas: z.array(appNameSchema),
  /** Null for the `startup` token, which lives until the site's next start replaces it. */
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string(),
  revokedAt: z.string().nullable(),
});
export type DeployToken = z.infer<typeof deployTokenSchema>;

/** The name the site gives the token of DEPLOY_TOKEN (or the one it writes at start). */
export const STARTUP_TOKEN_NAME = 'startup';
export const DEPLOY_TOKEN_MAX_DAYS = 365;

export const createDeployTokenInputSchema = z.object({
  name: textSchema().pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9._-]{0,39}$/, {
        error: says('tokenName'),
      })
      .refine((name) => name !== STARTUP_TOKEN_NAME, {
        error: says('tokenNameKept', { name: STARTUP_TOKEN_NAME }),
      }),
  ),
  areas: z
    .array(appNameSchema)
    .min(1, { error: says('areasAtLeastOne') })
    .max(Object.keys(registry).length)
    .refine((areas) => new Set(areas).size === areas.length, { error: says('areasTwice') }),
  expiresInDays: z
    .number({ error: says('days') })
    .int({ error: says('wholeDays') })
    .min(1, { error: says('atLeastOneDay') })
    .max(DEPLOY_TOKEN_MAX_DAYS, { error: says('atMostDays', { max: DEPLOY_TOKEN_MAX_DAYS }) }),
});
export type CreateDeployTokenInput = z.infer<typeof createDeployTokenInputSchema>;

/** A token just created: the only time its secret is shown. */
export const createdDeployTokenSchema = z.object({ token: deployTokenSchema, secret: z.string() });
export type CreatedDeployToken = z.infer<typeof createdDeployTokenSchema>;

/** An admin, and whether they hold the DEPLOYER permission. */
export const deployerSchema = z.object({
  _id: idSchema,
  name: z.string(),
  email: z.string(),
  deployer: z.boolean(),
});
export type Deployer = z.infer<typeof deployerSchema>;

export const setDeployerInputSchema = z.object({ deployer: z.boolean({ error: says('trueOrFalse') }) });
export type SetDeployerInput = z.infer<typeof setDeployerInputSchema>;
