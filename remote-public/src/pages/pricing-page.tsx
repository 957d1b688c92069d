import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';

const PLANS = [
  { name: 'Free', price: '$0/mo', text: 'Basic transactions' },
  { name: 'Pro', price: '$9.99/mo', text: 'Unlimited transactions and analytics' },
];

/** Spec §2: the Subscribe button does nothing. */
export default function PricingPage() {
  return (
    <section>
      <Typography variant="h4" component="h1" sx={{ textAlign: 'center', fontWeight: 700, mb: 4 }}>
        Pricing
      </Typography>
      <Grid container spacing={3} sx={{ justifyContent: 'center' }}>
        {PLANS.map(({ name, price, text }) => (
          <Grid key={name} size={{ xs: 12, sm: 6, md: 4 }}>
            <Card variant="outlined">
              <CardContent>
                <Typography variant="h5" component="h2">
                  {name}
                </Typography>
                <Typography variant="h4" sx={{ my: 2, fontWeight: 700 }}>
                  {price}
                </Typography>
                <Typography color="text.secondary">{text}</Typography>
              </CardContent>
              <CardActions>
                <Button variant="contained" fullWidth>
                  Subscribe
                </Button>
              </CardActions>
            </Card>
          </Grid>
        ))}
      </Grid>
    </section>
  );
}
