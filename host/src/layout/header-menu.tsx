import { lazy, Suspense, useState, type ReactNode } from 'react';

interface HeaderMenuItem {
  key: string;
  label: ReactNode;
  /** A link's address; otherwise `onSelect` runs. */
  to?: string;
  onSelect?: () => void;
  disabled?: boolean;
  divider?: boolean;
  selected?: boolean;
}

export interface HeaderMenuProps {
  /** The button the menu opens from; null while it is closed. */
  anchor: HTMLElement | null;
  onClose: () => void;
  items: HeaderMenuItem[];
}

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
