import { z } from 'zod';
import registry from '@wallet/shared/areas.json';
import { idSchema, textSchema } from './common';

/** Every app that is released on its own: the host and each area's remote (the area registry's names). */
export const appNameSchema = z.enum(Object.keys(registry) as [keyof typeof registry, ...(keyof typeof registry)[]], {
  error: `must be one of ${Object.keys(registry).join(', ')}`,
});

/** A release's name: its folder under the releases directory, so a path segment and nothing more. */
export const releaseVersionSchema = textSchema().pipe(
  z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, {
    error: 'must be 1 to 64 letters, digits, dots, dashes or underscores',
  }),
);

export const releaseSchema = z.object({
  _id: idSchema,
  area: appNameSchema,
  version: z.string(),
  /** Where the host loads it: a path on this site, or an absolute URL (a CDN, another origin). */
  manifestUrl: z.string(),
  createdAt: z.string(),
  /** The admin's email, or "deploy token". */
  createdBy: z.string(),
});
export type Release = z.infer<typeof releaseSchema>;

/** One switch of an area's live release: the audit record. */
export const releaseSwitchSchema = z.object({
  _id: idSchema,
  area: appNameSchema,
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
  releases: z.array(releaseSchema),
  switches: z.array(releaseSwitchSchema),
});
export type AreaReleases = z.infer<typeof areaReleasesSchema>;

/** Publishing: a folder already copied under the releases directory, or a URL alone. */
export const publishReleaseInputSchema = z.object({
  area: appNameSchema,
  version: releaseVersionSchema,
  url: z
    .url({ protocol: /^https?$/, error: 'must be an http or https URL' })
    .max(2000, { error: 'must be at most 2000 characters' })
    .optional(),
  activate: z.boolean().default(true),
});
export type PublishReleaseInput = z.input<typeof publishReleaseInputSchema>;

export const activateReleaseInputSchema = z.object({ version: releaseVersionSchema });
export type ActivateReleaseInput = z.infer<typeof activateReleaseInputSchema>;
