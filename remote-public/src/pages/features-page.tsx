import type { ComponentType } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { BoltIcon, ChartIcon, ShieldIcon } from '@wallet/shared/ui/kit/icons';

const FEATURES: { title: string; text: string; Icon: ComponentType<{ color?: 'primary' }> }[] = [
  { title: 'Fast Transactions', text: 'Send money, cash in and cash out in seconds.', Icon: BoltIcon },
  {
    title: 'Secure Wallet',
    text: 'Your balance is protected by secure sessions and a ledger that always adds up.',
    Icon: ShieldIcon,
  },
  {
    title: 'Analytics',
    text: 'See every deposit, transfer and withdrawal in your transaction history.',
    Icon: ChartIcon,
  },
];

export default function FeaturesPage() {
  return (
    <section>
      <Typography variant="h4" component="h1" sx={{ textAlign: 'center', fontWeight: 700, mb: 4 }}>
        Features
      </Typography>
      <Grid container spacing={3}>
        {FEATURES.map(({ title, text, Icon }) => (
          <Grid key={title} size={{ xs: 12, md: 4 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardContent>
                <Icon color="primary" />
                <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
                  {title}
                </Typography>
                <Typography color="text.secondary">{text}</Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </section>
  );
}
