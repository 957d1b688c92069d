import { useState } from 'react';
import { Link as RouterLink, NavLink as RouterNavLink } from '@wallet/shared/router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useLogout, useLogoutEverywhere } from '@wallet/shared/api';
import { useSession } from '@wallet/shared/session';
import { MenuIcon, MoreIcon, WalletIcon } from '@wallet/shared/ui/kit/icons';
import { NotificationBell } from '../notifications/notification-bell';
import { HeaderMenu } from './header-menu';
import { useHeaderLinks, type NavLink } from './nav-links';
import { ThemeToggle } from './theme-toggle';
import { LanguageSwitch } from './language-switch';
import { SCREEN_READER_ONLY } from './screen-reader-only';
import { useT } from '../i18n';

function LinksMenu({ links }: { links: NavLink[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const t = useT();
  return (
    <Box sx={{ display: { xs: 'flex', md: 'none' } }}>
      <IconButton
        aria-label={t('host.nav.openMenu')}
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MenuIcon />
      </IconButton>
      <HeaderMenu
        anchor={anchor}
        onClose={() => setAnchor(null)}
        items={links.map((link) => ({ key: link.to, label: link.text, to: link.to }))}
      />
    </Box>
  );
}

/** The signed-in person's menu: who is signed in, and "Log out everywhere" (every device's session ends). */
function AccountMenu({ email }: { email: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const everywhere = useLogoutEverywhere();
  const t = useT();
  return (
    <>
      <IconButton
        aria-label={t('host.session.accountMenu')}
        aria-haspopup="menu"
        color="inherit"
        size="small"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreIcon fontSize="small" />
      </IconButton>
      <HeaderMenu
        anchor={anchor}
        onClose={() => setAnchor(null)}
        items={[
          { key: 'email', label: email, disabled: true, divider: true },
          {
            key: 'everywhere',
            label: t('host.session.logoutEverywhere'),
            disabled: everywhere.isMutating,
            onSelect: () => void everywhere.trigger(),
          },
        ]}
      />
    </>
  );
}

/**
 * The session's controls' room: the notification bell, Logout and the account menu, in English and
 * in Bangla (135 and 140 px in the specs' Chromium). The pre-rendered header keeps it for Login
 * too, so nothing moves when they take its place. On a phone (390 px) the brand's name gives way
 * to it: the header then fits with a few pixels to spare.
 */
const SESSION_SLOT = '9.25rem';

function SessionButton() {
  const email = useSession((state) => state.user?.email);
  const { trigger, isMutating } = useLogout();
  const t = useT();
  if (!email) {
    return (
      // Marked for the pre-rendered page: hidden there when the visitor has a session cookie (prerendered.ts).
      <Button component={RouterLink} to="/login" variant="contained" size="small" data-session-button="">
        {t('host.session.login')}
      </Button>
    );
  }
  return (
    <>
      <Button size="small" variant="outlined" color="inherit" disabled={isMutating} onClick={() => trigger()}>
        {t('host.session.logout')}
      </Button>
      {/* Between Logout and the menu: its badge, which reaches past its right edge, covers no word. */}
      <NotificationBell />
      <AccountMenu email={email} />
    </>
  );
}

export function SiteHeader() {
  const links = useHeaderLinks();
  const t = useT();
  return (
    <AppBar position="sticky" color="default" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Container>
        <Toolbar disableGutters sx={{ gap: 1 }}>
          <LinksMenu links={links} />
          <Box
            component={RouterLink}
            to="/"
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              color: 'inherit',
              textDecoration: 'none',
              // Tighter where the room is short: a phone, and the first widths that show the links.
              mr: { xs: 0.5, sm: 2, md: 1, lg: 2 },
            }}
          >
            <WalletIcon color="primary" />
            {/* On a phone, the icon alone: the session's controls need the room (SESSION_SLOT). */}
            <Typography sx={(theme) => ({ fontWeight: 700, [theme.breakpoints.down('sm')]: SCREEN_READER_ONLY })}>
              {t('host.brand')}
            </Typography>
          </Box>
          <Box
            component="nav"
            aria-label={t('host.nav.main')}
            sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, flexGrow: 1 }}
          >
            {links.map((link) => (
              <Button
                key={link.to}
                component={RouterNavLink}
                to={link.to}
                end
                color="inherit"
                // primary.main on the dashboard's grey page is 4.2:1, short of WCAG AA's 4.5:1 for text.
                sx={{
                  '&.active': (theme) => ({
                    color: (theme.vars ?? theme).palette.primary.dark,
                    fontWeight: 600,
                    ...theme.applyStyles('dark', { color: (theme.vars ?? theme).palette.primary.light }),
                  }),
                }}
              >
                {link.text}
              </Button>
            ))}
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, ml: 'auto' }}>
            <LanguageSwitch />
            <ThemeToggle />
            {/*
              Wide enough for a signed-in person's bell, Logout and menu in either language: their
              appearing in place of Login (after a pre-rendered page is taken over) moves nothing.
            */}
            <Box
              sx={{
                display: 'flex',
                justifyContent: 'flex-end',
                alignItems: 'center',
                gap: 0.5,
                minWidth: SESSION_SLOT,
              }}
            >
              <SessionButton />
            </Box>
          </Box>
        </Toolbar>
      </Container>
    </AppBar>
  );
}
