import type { AreaName, RuntimeArea, RuntimeConfig } from '@wallet/shared/federation';
import type { Language, Role, User } from '@wallet/shared/contracts';

/**
 * The role areas this page may mount, as the runtime config lists them. The host compiles in no
 * area's name, path, role or label: a published area appears here with its release, and the
 * routes, guards, header link, sidebar, prefetch and reports all read this one list. Set once,
 * before the first render (index.ts), as the remotes are registered.
 */
let areas: Record<AreaName, RuntimeArea> = {};

export function setRuntimeAreas(config: Pick<RuntimeConfig, 'areas'>) {
  areas = { ...config.areas };
}

export function runtimeAreas(): [AreaName, RuntimeArea][] {
  return Object.entries(areas);
}

/** The area a path belongs to (matched without case, as the router does), else the public one. */
export function areaOfPath(pathname: string): AreaName {
  const path = pathname.toLowerCase();
  const entry = runtimeAreas().find(([, { basePath }]) => path === basePath || path.startsWith(`${basePath}/`));
  return entry ? entry[0] : 'public';
}

/** Whether the signed-in person meets what an area asks beyond its role (a merchant profile). */
function meetsRequirement(area: RuntimeArea, user: Pick<User, 'merchant'> | null | undefined) {
  if (!area.requires) return true;
  return area.requires === 'merchant' && Boolean(user?.merchant);
}

/** A role's home: its area that asks nothing beyond the role. */
export function homeAreaOf(role: Role | undefined): [AreaName, RuntimeArea] | undefined {
  return role ? runtimeAreas().find(([, area]) => area.role === role && !area.requires) : undefined;
}

/** The other areas a person may enter from `current` (a merchant's shop, from the user's area and back). */
export function neighbourAreas(current: AreaName, user: (Pick<User, 'merchant'> & { role: Role }) | null | undefined) {
  if (!user) return [];
  return runtimeAreas().filter(
    ([name, area]) => name !== current && area.role === user.role && meetsRequirement(area, user),
  );
}

export const areaLabel = (area: RuntimeArea, language: string) => area.labels[language as Language] ?? area.labels.en;
