import { lazy, Suspense, useState } from 'react';
import type { HeaderMenuProps } from './header-menu-props';

/** The menus' code: not needed for a first view, fetched after it (prefetch-area.ts) or when a menu opens. */
export const loadHeaderMenuList = () => import('./header-menu-list');
const HeaderMenuList = lazy(loadHeaderMenuList);

/**
 * One of the header's menus (links on a phone, the account, the theme). Nothing of it is drawn
 * until it first opens; from then on it stays mounted, so it closes with its transition.
 */
export function HeaderMenu(props: HeaderMenuProps) {
  const [opened, setOpened] = useState(false);
  if (props.anchor && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <HeaderMenuList {...props} />
    </Suspense>
  );
}
