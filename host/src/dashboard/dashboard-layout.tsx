import type { ReactNode } from 'react';
import { useLocation } from '@wallet/shared/router';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import { useLiveEvents } from '@wallet/shared/live';
import { MenuIcon } from '@wallet/shared/ui/kit/icons';
import { BalanceChip } from './balance-chip';
import { runtimeAreas } from '../federation/runtime-areas';
import { useT } from '../i18n';
import { SidebarMenu, type DashboardArea } from './sidebar-menu';
import { SIDEBAR_WIDTH, SIDEBAR_WIDTH_ICON, SIDEBAR_WIDTH_MOBILE, useSidebarState } from './sidebar-state';

const SIDEBAR_ID = 'dashboard-sidebar';

/** Spec §2: every protected area inside a collapsible sidebar (the area's own menu) and a "Balance $" header. */
export function DashboardLayout({ area, children }: { area: DashboardArea; children: ReactNode }) {
  const { pathname } = useLocation();
  const { isMobile, open, openMobile, setOpenMobile, toggle } = useSidebarState();
  const t = useT();
  const hasWallet = runtimeAreas().find(([name]) => name === area)?.[1].role !== 'ADMIN';
  // One stream per tab while a user or agent is inside their area: the balance follows the wallet live.
  useLiveEvents({ enabled: hasWallet });
  const width = open ? SIDEBAR_WIDTH : SIDEBAR_WIDTH_ICON;
  const transition = (property: string) => ({
    transition: (theme: { transitions: { create: (p: string) => string } }) => theme.transitions.create(property),
  });

  return (
    <Paper variant="outlined" sx={{ display: 'flex', minHeight: 480, overflow: 'hidden' }}>
      {isMobile ? (
        <Drawer
          variant="temporary"
          open={openMobile}
          onClose={() => setOpenMobile(false)}
          slotProps={{
            paper: { id: SIDEBAR_ID, 'data-mobile': 'true', sx: { width: SIDEBAR_WIDTH_MOBILE } } as object,
          }}
        >
          <Box component="nav" aria-label={t('host.dashboard.sidebar')} sx={{ py: 1 }}>
            <SidebarMenu area={area} resetKey={pathname} collapsed={false} onNavigate={() => setOpenMobile(false)} />
          </Box>
        </Drawer>
      ) : (
        <Drawer
          variant="permanent"
          data-state={open ? 'expanded' : 'collapsed'}
          sx={{
            width,
            flexShrink: 0,
            ...transition('width'),
            '& .MuiDrawer-paper': {
              position: 'relative',
              width,
              overflowX: 'hidden',
              boxSizing: 'border-box',
              ...transition('width'),
            },
          }}
          slotProps={{ paper: { id: SIDEBAR_ID } }}
        >
          <Box component="nav" aria-label={t('host.dashboard.sidebar')} sx={{ py: 1 }}>
            <SidebarMenu area={area} resetKey={pathname} collapsed={!open} />
          </Box>
        </Drawer>
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Box
          sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}
        >
          <IconButton
            aria-label={t('host.dashboard.toggleSidebar')}
            aria-controls={SIDEBAR_ID}
            aria-expanded={isMobile ? openMobile : open}
            title={t('host.dashboard.toggleSidebarHint')}
            onClick={toggle}
            edge="start"
          >
            <MenuIcon />
          </IconButton>
          <Box sx={{ ml: 'auto' }}>
            <BalanceChip hasWallet={hasWallet} />
          </Box>
        </Box>
        <Box sx={{ p: { xs: 2, sm: 3 }, flexGrow: 1 }}>{children}</Box>
      </Box>
    </Paper>
  );
}
