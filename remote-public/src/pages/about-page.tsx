import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { usePagesT } from '../i18n/pages';

export default function AboutPage() {
  const t = usePagesT();
  return (
    <Box component="section" sx={{ textAlign: 'center', maxWidth: 720, mx: 'auto', py: 6 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        {t('public.about.title')}
      </Typography>
      <Typography sx={{ mt: 3 }} color="text.secondary">
        {t('public.about.mission')}
      </Typography>
    </Box>
  );
}
