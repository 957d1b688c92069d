import { ROLE_HOME } from '@wallet/shared/session';
import type { Role } from '@wallet/shared/contracts';

export interface NavLink {
  label: string;
  to: string;
}

const PUBLIC_LINKS: NavLink[] = [
  { label: 'Home', to: '/' },
  { label: 'Features', to: '/features' },
  { label: 'About', to: '/about' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'Contact', to: '/contact' },
];

/** Spec §2: the public links plus the one link of the signed-in person's role. */
export function headerLinks(role: Role | undefined): NavLink[] {
  if (!role) return PUBLIC_LINKS;
  const { label, path } = ROLE_HOME[role];
  return [...PUBLIC_LINKS, { label, to: path }];
}
