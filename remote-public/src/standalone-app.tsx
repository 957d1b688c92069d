import { useRoutes } from 'react-router';
import Container from '@mui/material/Container';
import { AppProviders } from '@wallet/shared/providers';
import { useSessionLoader } from '@wallet/shared/api';
import { routes } from './routes';

function PublicArea() {
  useSessionLoader();
  return <Container sx={{ py: 4 }}>{useRoutes(routes)}</Container>;
}

/** This remote on its own dev server, for its team: the providers the host gives it, no header. */
export function StandaloneApp() {
  return (
    <AppProviders>
      <PublicArea />
    </AppProviders>
  );
}
