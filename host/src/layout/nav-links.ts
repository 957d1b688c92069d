import { ROLE_HOME } from '@wallet/shared/session';
import type { Role } from '@wallet/shared/contracts';
import type { HostMessage } from '../i18n';

export interface NavLink {
  /** The link's text, as a message of the shell's catalog. */
  label: HostMessage;
  to: string;
}

const PUBLIC_LINKS: NavLink[] = [
  { label: 'host.nav.home', to: '/' },
  { label: 'host.nav.features', to: '/features' },
  { label: 'host.nav.about', to: '/about' },
  { label: 'host.nav.pricing', to: '/pricing' },
  { label: 'host.nav.contact', to: '/contact' },
];

/** Spec §2: the public links plus the one link of the signed-in person's role. */
export function headerLinks(role: Role | undefined): NavLink[] {
  if (!role) return PUBLIC_LINKS;
  return [...PUBLIC_LINKS, { label: `host.role.${role}`, to: ROLE_HOME[role].path }];
}
