import { Link as RouterLink, Navigate, Route, Routes, useRoutes } from 'react-router';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { AppProviders } from '@wallet/shared/providers';
import { useSessionLoader } from '@wallet/shared/api';
import { menu } from './menu';
import { routes } from './routes';

function AdminRoutes() {
  return useRoutes(routes);
}

function AdminArea() {
  useSessionLoader();
  return (
    <Container sx={{ py: 4 }}>
      <Stack direction="row" spacing={2} sx={{ mb: 3 }}>
        {menu
          .flatMap((group) => group.items)
          .map((item) => (
            <Link key={item.url} component={RouterLink} to={item.url}>
              {item.title}
            </Link>
          ))}
      </Stack>
      <Routes>
        <Route path="/admin/*" element={<AdminRoutes />} />
        <Route path="*" element={<Navigate to="/admin/all-user" replace />} />
      </Routes>
    </Container>
  );
}

/** This remote on its own dev server (sign in as an admin through the API first): no host, no guard. */
export function StandaloneApp() {
  return (
    <AppProviders>
      <AdminArea />
    </AppProviders>
  );
}
