import { Route, Routes, useRoutes } from '@wallet/shared/router';
import { renderWithProviders } from '@wallet/shared/testing';
import { routes } from '../routes';

function AdminArea() {
  return useRoutes(routes);
}

/** The admin area's routes mounted at /admin as the host mounts them, opened at `route`. */
export const renderAdminArea = (route: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/admin/*" element={<AdminArea />} />
    </Routes>,
    { route },
  );
