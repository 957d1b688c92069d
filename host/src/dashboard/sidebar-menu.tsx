import { Suspense, use } from 'react';
import { NavLink } from '@wallet/shared/router';
import { ErrorBoundary } from 'react-error-boundary';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Tooltip from '@mui/material/Tooltip';
import type { AreaName, MenuModule, SidebarGroup } from '@wallet/shared/federation';
import { selectStaffRoles, useSession } from '@wallet/shared/session';
import { staffMayUse, type StaffRoute } from '@wallet/shared/contracts';
import { WalletIcon } from '@wallet/shared/ui/kit/icons';
import { useRemoteLoader } from '../federation/remote-loader';
import { areaLabel, neighbourAreas, runtimeAreas } from '../federation/runtime-areas';
import { useLingui } from '@lingui/react';
import { useT } from '../i18n';

export type DashboardArea = AreaName;

/** When the remote's menu cannot load, the sidebar still leads to the area's home, as the runtime config names it. */
function useFallbackMenu(area: DashboardArea): SidebarGroup[] {
  const { i18n } = useLingui();
  const found = runtimeAreas().find(([name]) => name === area)?.[1];
  if (!found) return [];
  const label = areaLabel(found, i18n.locale);
  return [{ title: label, items: [{ title: label, url: found.home }] }];
}

/**
 * The person's other areas of the same role, by the runtime config: a merchant's shop from the
 * user's area, and the user's area from the shop. Drawn under the area's own menu, whichever
 * release of it runs.
 */
function useNeighbourMenu(area: DashboardArea): SidebarGroup[] {
  const { i18n } = useLingui();
  const t = useT();
  const user = useSession((state) => state.user);
  const others = neighbourAreas(area, user);
  if (others.length === 0) return [];
  return [
    {
      title: t('host.dashboard.otherAreas'),
      items: others.map(([, other]) => ({ title: areaLabel(other, i18n.locale), url: other.home })),
    },
  ];
}

/** A remote's menu names its titles by message id; a title that is no id (an older release's) shows as it is. */
function useMenuText() {
  const { i18n } = useLingui();
  return (title: string) => (title in i18n.messages ? i18n._(title) : title);
}

interface MenuListProps {
  menu: SidebarGroup[];
  collapsed: boolean;
  onNavigate?: () => void;
}

function MenuList({ menu: menuOfIds, collapsed, onNavigate }: MenuListProps) {
  const text = useMenuText();
  // A staff member sees the screens their roles open (the API refuses the rest anyway).
  const staffRoles = useSession(selectStaffRoles);
  const menu = menuOfIds.map((group) => ({
    title: text(group.title),
    items: group.items
      .filter((item) => !item.staffRoute || staffMayUse(staffRoles, item.staffRoute as StaffRoute))
      .map((item) => ({ ...item, title: text(item.title) })),
  }));
  return menu.map((group) => (
    <List
      key={group.title}
      aria-label={group.title}
      subheader={
        collapsed ? undefined : (
          <ListSubheader sx={{ bgcolor: 'transparent', lineHeight: '32px' }}>{group.title}</ListSubheader>
        )
      }
    >
      {group.items.map(({ title, url, icon: Icon = WalletIcon }) => {
        const link = (
          <ListItemButton
            component={NavLink}
            to={url}
            onClick={onNavigate}
            aria-label={collapsed ? title : undefined}
            sx={{
              minHeight: 40,
              px: collapsed ? 1.5 : 2,
              borderRadius: 1,
              mx: collapsed ? 0 : 1,
              // The darker (light scheme) or lighter (dark scheme) primary: primary.main on the
              // selected background falls short of WCAG AA's 4.5:1 for text.
              '&.active': (theme) => ({
                bgcolor: (theme.vars ?? theme).palette.action.selected,
                color: (theme.vars ?? theme).palette.primary.dark,
                ...theme.applyStyles('dark', { color: (theme.vars ?? theme).palette.primary.light }),
              }),
            }}
          >
            <ListItemIcon sx={{ minWidth: collapsed ? 0 : 36, color: 'inherit' }}>
              <Icon fontSize="small" />
            </ListItemIcon>
            {!collapsed && <ListItemText primary={title} />}
          </ListItemButton>
        );
        return (
          <ListItem key={url} disablePadding>
            {collapsed ? (
              <Tooltip title={title} placement="right">
                {link}
              </Tooltip>
            ) : (
              link
            )}
          </ListItem>
        );
      })}
    </List>
  ));
}

function RemoteMenu({ area, ...props }: { area: DashboardArea } & Omit<MenuListProps, 'menu'>) {
  const { menu } = use(useRemoteLoader().get<Partial<MenuModule>>(area, 'menu'));
  const fallback = useFallbackMenu(area);
  const neighbours = useNeighbourMenu(area);
  return <MenuList menu={[...(menu ?? fallback), ...neighbours]} {...props} />;
}

/** The area's `./menu`, loaded with the same loader as its routes; a failure leaves the fallback. */
export function SidebarMenu({
  area,
  resetKey,
  ...props
}: { area: DashboardArea; resetKey: string } & Omit<MenuListProps, 'menu'>) {
  const fallback = <MenuList menu={[...useFallbackMenu(area), ...useNeighbourMenu(area)]} {...props} />;
  return (
    <ErrorBoundary
      fallback={fallback}
      resetKeys={[resetKey]}
      onError={(error) => console.error(`[federation] the ${area} menu failed`, error)}
    >
      <Suspense fallback={null}>
        <RemoteMenu area={area} {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
