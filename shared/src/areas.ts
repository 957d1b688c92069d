import type { Role } from '@wallet/shared/contracts';
import registry from './areas.json';

/**
 * The one list of the site's apps: the host and each role area's remote. Everything else derives
 * from it: the host's routes and role homes, the runtime config the API serves, the dev servers'
 * ports (webpack preset, which reads areas.json itself), the release commands. A new area is a
 * new entry here and a new remote package.
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
  /** Where the role's area starts, and how the header's link to it reads (spec §2). */
  home: { path: string; label: string };
}

export const APPS: Record<AppName, AppEntry> = registry;
export const APP_NAMES = Object.keys(registry) as AppName[];
export const AREAS = APP_NAMES.filter((name): name is AreaName => name !== 'host');

const isProtected = (name: AreaName): name is ProtectedAreaName => 'role' in registry[name];

/** Where each protected area is mounted and who may enter it; the public area takes every other path. */
export const PROTECTED_AREAS = Object.fromEntries(
  AREAS.filter(isProtected).map((name) => [name, registry[name] as ProtectedArea]),
) as Record<ProtectedAreaName, ProtectedArea>;

/** Each role's home (every role has exactly one area). */
export const ROLE_HOME = Object.fromEntries(
  Object.values(PROTECTED_AREAS).map((area) => [area.role, area.home]),
) as Record<Role, { path: string; label: string }>;
