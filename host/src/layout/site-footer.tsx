import { Link as RouterLink } from '@wallet/shared/router';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useT } from '../i18n';

/** Privacy Policy and Licensing are placeholders (spec §2): they look like links and go nowhere. */
const PLACEHOLDERS = ['host.footer.privacy', 'host.footer.licensing'] as const;

export function SiteFooter() {
  const t = useT();
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', py: 4, mt: 'auto' }}>
      <Container
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          gap: 2,
          justifyContent: 'space-between',
          alignItems: 'center',
        }}
      >
        <Typography sx={{ fontWeight: 700 }}>{t('host.brand')}</Typography>
        <Stack
          component="nav"
          aria-label={t('host.footer.nav')}
          direction="row"
          useFlexGap
          sx={{ flexWrap: 'wrap', justifyContent: 'center', columnGap: 3, rowGap: 1 }}
        >
          <Link component={RouterLink} to="/about" color="inherit">
            {t('host.nav.about')}
          </Link>
          <Link component={RouterLink} to="/contact" color="inherit">
            {t('host.nav.contact')}
          </Link>
          {PLACEHOLDERS.map((label) => (
            <Link key={label} href="#" color="inherit" onClick={(event) => event.preventDefault()}>
              {t(label)}
            </Link>
          ))}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t('host.footer.rights')}
        </Typography>
      </Container>
    </Box>
  );
}
