import type { ReactNode } from 'react';

/** What a header menu is given: read by the menu and by its lazily loaded list alike. */
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
