import { Link as RouterLink } from '@wallet/shared/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { selectRole, useSession } from '@wallet/shared/session';
import { ROLE_HOME } from '@wallet/shared/areas';
import { useHomeT } from '../i18n/home';

/** Spec §2: Get Started leads a signed-in person to their area and a visitor to /register. */
export default function HomePage() {
  const t = useHomeT();
  const role = useSession(selectRole);
  const getStartedPath = role ? ROLE_HOME[role].path : '/register';
  return (
    <Box component="section" sx={{ textAlign: 'center', py: { xs: 8, md: 14 } }}>
      <Typography variant="h2" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '2.25rem', md: '3.5rem' } }}>
        {t('public.home.title')}
      </Typography>
      <Typography variant="h6" component="p" color="text.secondary" sx={{ mt: 2, maxWidth: 640, mx: 'auto' }}>
        {t('public.home.lead')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 5, justifyContent: 'center' }}>
        <Button component={RouterLink} to={getStartedPath} variant="contained" size="large">
          {t('public.home.getStarted')}
        </Button>
        <Button component={RouterLink} to="/features" variant="outlined" size="large">
          {t('public.home.exploreMore')}
        </Button>
      </Stack>
    </Box>
  );
}
