import { Outlet } from '@wallet/shared/router';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export function SiteLayout() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SiteHeader />
      <Container component="main" sx={{ flexGrow: 1, py: 4 }}>
        <Outlet />
      </Container>
      <SiteFooter />
    </Box>
  );
}
