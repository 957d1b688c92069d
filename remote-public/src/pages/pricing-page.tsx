import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { usePagesT, type PagesMessage } from '../i18n/pages';

const PLANS: { name: PagesMessage; price: PagesMessage; text: PagesMessage }[] = [
  { name: 'public.pricing.free.name', price: 'public.pricing.free.price', text: 'public.pricing.free.text' },
  { name: 'public.pricing.pro.name', price: 'public.pricing.pro.price', text: 'public.pricing.pro.text' },
];

/** Spec §2: the Subscribe button does nothing. */
export default function PricingPage() {
  const t = usePagesT();
  return (
    <section>
      <Typography variant="h4" component="h1" sx={{ textAlign: 'center', fontWeight: 700, mb: 4 }}>
        {t('public.pricing.title')}
      </Typography>
      <Grid container spacing={3} sx={{ justifyContent: 'center' }}>
        {PLANS.map(({ name, price, text }) => (
          <Grid key={name} size={{ xs: 12, sm: 6, md: 4 }}>
            <Card variant="outlined">
              <CardContent>
                <Typography variant="h5" component="h2">
                  {t(name)}
                </Typography>
                <Typography variant="h4" sx={{ my: 2, fontWeight: 700 }}>
                  {t(price)}
                </Typography>
                <Typography color="text.secondary">{t(text)}</Typography>
              </CardContent>
              <CardActions>
                <Button variant="contained" fullWidth>
                  {t('public.pricing.subscribe')}
                </Button>
              </CardActions>
            </Card>
          </Grid>
        ))}
      </Grid>
    </section>
  );
}
