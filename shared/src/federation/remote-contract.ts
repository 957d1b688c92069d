import type { ComponentType } from 'react';
import type { RouteObject } from '@wallet/shared/router';

import type { Language, Role } from '@wallet/shared/contracts';

/**
 * An area's name as the runtime config gives it (`user`, `agent`, ...). The host knows none of
 * them at build time: it mounts what `/app-config.json` lists. The build-time registry, for the
 * API, the remotes' own builds and the tooling, is `@wallet/shared/areas`.
 */
export type AreaName = string;

/** What a person needs beyond their role to enter an area: a merchant profile (`GET /user/me`). */
export type AreaRequirement = 'merchant';

/** A published role area, as the runtime config describes it to the host. */
export interface RuntimeArea {
  /** Where the host mounts its routes, e.g. `/user`. */
  basePath: string;
  role: Role;
  /** Where it starts: the header's link, the sidebar's fallback. */
  home: string;
  /** How the header and the sidebar name it, in each language. */
  labels: Record<Language, string>;
  requires?: AreaRequirement;
}

/** `./routes` of every remote: routes relative to the area's base path, pages loaded lazily. */
export interface RoutesModule {
  routes: RouteObject[];
}

export interface SidebarItem {
  /**
   * A message id of a catalog the menu module registered (`@wallet/shared/i18n`), which the host
   * shows in the page's language; text that is no id is shown as it is.
   */
  title: string;
  /** Absolute path, e.g. /user/deposit. */
  url: string;
  icon?: ComponentType;
  /**
   * The API route (a line of STAFF_ROUTE_ROLES, `@wallet/shared/contracts`) the screen needs: a
   * staff member whose roles may not call it does not see the item.
   */
  staffRoute?: string;
}

export interface SidebarGroup {
  /** A message id, as an item's title. */
  title: string;
  items: SidebarItem[];
}

/** `./menu` of a dashboard area's remote: the sidebar the host's dashboard layout draws. */
export interface MenuModule {
  menu: SidebarGroup[];
}

/** /app-config.json: read by the host at start, so moving a remote never rebuilds the host. */
export interface RuntimeConfig {
  apiBaseUrl: string;
  /**
   * Each published role area (every area but the public one, which takes every other path): the
   * host's routes, guards, header link, sidebar and prefetch come from here alone, so a new area
   * goes live with a release, without a host build.
   */
  areas?: Record<AreaName, RuntimeArea>;
  /** Each area's live release: the URL of its mf-manifest.json (its remoteEntry.js sits beside it). */
  remotes: Partial<Record<AreaName, string>>;
  /**
   * The Subresource Integrity of each area's remoteEntry.js (`sha256-<base64>`), recorded when the
   * release was published: the host loads the entry with it, so changed code fails to load and the
   * area shows its fallback. Absent for releases recorded before hashes were kept.
   */
  integrity?: Partial<Record<AreaName, string>>;
  /**
   * The release (version) of each app this page was given, the host's included: what the host
   * names when it reports page views and errors (`POST /api/v1/client-reports`), so each counts
   * against the release that ran. A visitor in a rollout's share gets the new one.
   */
  releases?: Partial<Record<AreaName | 'host', string>>;
  /**
   * What the page's reports carry: the site's signature over these releases, the page's bucket
   * and the time (two hours). The host renews it from /app-config.json before it runs out.
   */
  reportToken?: string;
}
