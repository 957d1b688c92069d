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
import { selectRole, useSession } from '@wallet/shared/session';
import { MenuIcon, MoreIcon, WalletIcon } from '@wallet/shared/ui/kit/icons';
import { HeaderMenu } from './header-menu';
import { headerLinks } from './nav-links';
import { ThemeToggle } from './theme-toggle';

function LinksMenu({ links }: { links: ReturnType<typeof headerLinks> }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <Box sx={{ display: { xs: 'flex', md: 'none' } }}>
      <IconButton aria-label="Open menu" color="inherit" onClick={(event) => setAnchor(event.currentTarget)}>
        <MenuIcon />
      </IconButton>
      <HeaderMenu
        anchor={anchor}
        onClose={() => setAnchor(null)}
        items={links.map((link) => ({ key: link.to, label: link.label, to: link.to }))}
      />
    </Box>
  );
}

/** The signed-in person's menu: who is signed in, and "Log out everywhere" (every device's session ends). */
function AccountMenu({ email }: { email: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const everywhere = useLogoutEverywhere();
  return (
    <>
      <IconButton
        aria-label="Account menu"
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
            label: 'Log out everywhere',
            disabled: everywhere.isMutating,
            onSelect: () => void everywhere.trigger(),
          },
        ]}
      />
    </>
  );
}

function SessionButton() {
  const email = useSession((state) => state.user?.email);
  const { trigger, isMutating } = useLogout();
  if (!email) {
    return (
      <Button component={RouterLink} to="/login" variant="contained" size="small">
        Login
      </Button>
    );
  }
  return (
    <>
      <Button size="small" variant="outlined" color="inherit" disabled={isMutating} onClick={() => trigger()}>
        Logout
      </Button>
      <AccountMenu email={email} />
    </>
  );
}

export function SiteHeader() {
  const links = headerLinks(useSession(selectRole));
  return (
    <AppBar position="sticky" color="default" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Container>
        <Toolbar disableGutters sx={{ gap: 1 }}>
          <LinksMenu links={links} />
          <Box
            component={RouterLink}
            to="/"
            sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', mr: 2 }}
          >
            <WalletIcon color="primary" />
            <Typography sx={{ fontWeight: 700 }}>Digital Wallet</Typography>
          </Box>
          <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, flexGrow: 1 }}>
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
                {link.label}
              </Button>
            ))}
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, ml: 'auto' }}>
            <ThemeToggle />
            <SessionButton />
          </Box>
        </Toolbar>
      </Container>
    </AppBar>
  );
}
