import { createRoot } from 'react-dom/client';
import {
  BrowserRouter,
  Link as RouterLink,
  Navigate,
  Route,
  Routes,
  useRoutes,
  type RouteObject,
} from '@wallet/shared/router';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useSessionLoader } from '@wallet/shared/api';
import { PROTECTED_AREAS, type AreaName } from '@wallet/shared/areas';
import type { SidebarGroup } from '@wallet/shared/federation';
import { AppProviders } from '@wallet/shared/providers';

export interface StandaloneAppOptions {
  area: AreaName;
  /** The remote's `./routes`, relative to the area's base path, as the host mounts them. */
  routes: RouteObject[];
  /** The remote's `./menu`, drawn as a row of links where the host would draw its sidebar. */
  menu?: SidebarGroup[];
}

function AreaRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

function MenuLinks({ menu }: { menu: SidebarGroup[] }) {
  const items = menu.flatMap((group) => group.items);
  if (items.length === 0) return null;
  return (
    <Stack direction="row" spacing={2} sx={{ mb: 3 }}>
      {items.map((item) => (
        <Link key={item.url} component={RouterLink} to={item.url}>
          {item.title}
        </Link>
      ))}
    </Stack>
  );
}

function StandaloneArea({ area, routes, menu = [] }: StandaloneAppOptions) {
  useSessionLoader();
  // A remote's own build knows its place from the build-time registry (the host learns it at runtime).
  const basePath = area === 'public' ? undefined : PROTECTED_AREAS[area].basePath;
  return (
    <Container sx={{ py: 4 }}>
      <MenuLinks menu={menu} />
      <Routes>
        {basePath ? (
          <>
            <Route path={`${basePath}/*`} element={<AreaRoutes routes={routes} />} />
            <Route path="*" element={<Navigate to={basePath} replace />} />
          </>
        ) : (
          <Route path="*" element={<AreaRoutes routes={routes} />} />
        )}
      </Routes>
    </Container>
  );
}

/**
 * A remote on its own dev server, for its team: the providers, the session and the routes at the
 * area's base path, as the host would give them, without the host's header, guard or sidebar.
 * Renders into `container` (the page's #root) and returns the React root.
 */
export function createStandaloneApp(options: StandaloneAppOptions, container = document.getElementById('root')!) {
  const root = createRoot(container);
  root.render(
    <BrowserRouter>
      <AppProviders>
        <StandaloneArea {...options} />
      </AppProviders>
    </BrowserRouter>,
  );
  return root;
}
