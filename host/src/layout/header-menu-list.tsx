import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Link as RouterLink } from '@wallet/shared/router';
import type { HeaderMenuProps } from './header-menu-props';

/** The header's menus as MUI draws them (Menu, Popover, Modal, focus trap): fetched on first use. */
export default function HeaderMenuList({ anchor, onClose, items }: HeaderMenuProps) {
  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {items.map((item) => {
        const select = () => {
          onClose();
          item.onSelect?.();
        };
        return item.to ? (
          <MenuItem key={item.key} component={RouterLink} to={item.to} onClick={select}>
            {item.label}
          </MenuItem>
        ) : (
          <MenuItem
            key={item.key}
            disabled={item.disabled}
            divider={item.divider}
            selected={item.selected}
            onClick={select}
          >
            {item.label}
          </MenuItem>
        );
      })}
    </Menu>
  );
}
