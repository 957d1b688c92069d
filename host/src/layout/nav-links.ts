import { useLingui } from '@lingui/react';
import type { Role } from '@wallet/shared/contracts';
import { selectRole, useSession } from '@wallet/shared/session';
import { areaLabel, homeAreaOf } from '../federation/runtime-areas';
import { useT, type HostMessage } from '../i18n';

export interface NavLink {
  /** The link's text, in the page's language. */
  text: string;
  to: string;
}

const PUBLIC_LINKS: { label: HostMessage; to: string }[] = [
  { label: 'host.nav.home', to: '/' },
  { label: 'host.nav.features', to: '/features' },
  { label: 'host.nav.about', to: '/about' },
  { label: 'host.nav.pricing', to: '/pricing' },
  { label: 'host.nav.contact', to: '/contact' },
];

/**
 * Spec §2: the public links plus the one link of the signed-in person's role, to its home area,
 * named as the runtime config names it (the host holds no area's name).
 */
function headerLinks(role: Role | undefined, translate: (id: HostMessage) => string, language: string) {
  const links: NavLink[] = PUBLIC_LINKS.map(({ label, to }) => ({ text: translate(label), to }));
  const home = homeAreaOf(role)?.[1];
  return home ? [...links, { text: areaLabel(home, language), to: home.home }] : links;
}

export function useHeaderLinks() {
  const role = useSession(selectRole);
  const t = useT();
  const { i18n } = useLingui();
  return headerLinks(role, t, i18n.locale);
}
