import { Link as RouterLink } from '@wallet/shared/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { usePagesT } from '../i18n/pages';

export default function UnauthorizedPage() {
  const t = usePagesT();
  return (
    <Box component="section" sx={{ textAlign: 'center', py: 8 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        {t('public.unauthorized.title')}
      </Typography>
      <Typography sx={{ mt: 2 }} color="text.secondary">
        {t('public.unauthorized.text')}
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" sx={{ mt: 4 }}>
        {t('public.goHome')}
      </Button>
    </Box>
  );
}
