import type { ComponentType } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { BoltIcon, ChartIcon, ShieldIcon } from '@wallet/shared/ui/kit/icons';
import { usePagesT, type PagesMessage } from '../i18n/pages';

const FEATURES: { title: PagesMessage; text: PagesMessage; Icon: ComponentType<{ color?: 'primary' }> }[] = [
  { title: 'public.features.fast.title', text: 'public.features.fast.text', Icon: BoltIcon },
  { title: 'public.features.secure.title', text: 'public.features.secure.text', Icon: ShieldIcon },
  { title: 'public.features.analytics.title', text: 'public.features.analytics.text', Icon: ChartIcon },
];

export default function FeaturesPage() {
  const t = usePagesT();
  return (
    <section>
      <Typography variant="h4" component="h1" sx={{ textAlign: 'center', fontWeight: 700, mb: 4 }}>
        {t('public.features.title')}
      </Typography>
      <Grid container spacing={3}>
        {FEATURES.map(({ title, text, Icon }) => (
          <Grid key={title} size={{ xs: 12, md: 4 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardContent>
                <Icon color="primary" />
                <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
                  {t(title)}
                </Typography>
                <Typography color="text.secondary">{t(text)}</Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </section>
  );
}
