import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { Role } from '@wallet/shared/contracts';

/** The areas the host knows by name; each is a remote whose manifest URL comes from the runtime config. */
export const AREAS = ['public', 'user', 'agent', 'admin'] as const;
export type AreaName = (typeof AREAS)[number];

/** Where each protected area is mounted and who may enter it; the public area takes every other path. */
export const PROTECTED_AREAS: Record<Exclude<AreaName, 'public'>, { basePath: string; role: Role }> = {
  user: { basePath: '/user', role: 'USER' },
  agent: { basePath: '/agent', role: 'AGENT' },
  admin: { basePath: '/admin', role: 'ADMIN' },
};

/** `./routes` of every remote: routes relative to the area's base path, pages loaded lazily. */
export interface RoutesModule {
  routes: RouteObject[];
}

export interface SidebarItem {
  title: string;
  /** Absolute path, e.g. /user/deposit. */
  url: string;
  icon?: ComponentType;
}

export interface SidebarGroup {
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
  remotes: Partial<Record<AreaName, string>>;
}
