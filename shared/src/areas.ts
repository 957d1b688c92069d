import type { Role } from '@wallet/shared/contracts';
import type { RuntimeArea } from '@wallet/shared/federation';
import registry from './areas.json';

/**
 * The one list of the site's apps: the host and each role area's remote. Everything else derives
 * from it: the host's routes and role homes, the runtime config the API serves, the dev servers'
 * ports (webpack preset, which reads areas.json itself), the release commands. A new area is a
 * new entry here and a new remote package.
 *
 * The host never reads it: it knows the areas only from the runtime config the API writes from
 * this list (`runtimeArea`), so an area published later appears without a host build.
 */
export type AppName = keyof typeof registry;
/** The remotes the host mounts (every app but the host itself). */
export type AreaName = Exclude<AppName, 'host'>;
export type ProtectedAreaName = Exclude<AreaName, 'public'>;

export interface AppEntry {
  /** The workspace folder. */
  package: string;
  /** The Module Federation container name. */
  federationName: string;
  devPort: number;
}

export interface ProtectedArea extends AppEntry {
  basePath: string;
  role: Role;
  /** Where the area starts. */
  home: string;
  /** Its name in the header and the sidebar, in each language (English as spec §2 words it). */
  labels: RuntimeArea['labels'];
  /** What a person needs beyond the role (the merchant area: a merchant profile). */
  requires?: RuntimeArea['requires'];
}

export const APPS: Record<AppName, AppEntry> = registry;
export const APP_NAMES = Object.keys(registry) as AppName[];
export const AREAS = APP_NAMES.filter((name): name is AreaName => name !== 'host');

const isProtected = (name: AreaName): name is ProtectedAreaName => 'role' in registry[name];

/** Where each protected area is mounted and who may enter it; the public area takes every other path. */
export const PROTECTED_AREAS = Object.fromEntries(
  AREAS.filter(isProtected).map((name) => [name, registry[name] as ProtectedArea]),
) as Record<ProtectedAreaName, ProtectedArea>;

/** The role areas' names, for a schema's enum (SKIP_AREAS). */
export const PROTECTED_AREA_NAMES = Object.keys(PROTECTED_AREAS) as [ProtectedAreaName, ...ProtectedAreaName[]];

/**
 * Each role's home: its one area that asks nothing beyond the role (a merchant's shop is a second
 * area of the USER role, entered from the user's own).
 */
export const ROLE_HOME = Object.fromEntries(
  Object.values(PROTECTED_AREAS)
    .filter((area) => !area.requires)
    .map((area) => [area.role, { path: area.home, label: area.labels.en }]),
) as Record<Role, { path: string; label: string }>;

/** What the runtime config tells the host about a protected area. */
export function runtimeArea(name: ProtectedAreaName): RuntimeArea {
  const { basePath, role, home, labels, requires } = PROTECTED_AREAS[name];
  return { basePath, role, home, labels, ...(requires ? { requires } : {}) };
}
