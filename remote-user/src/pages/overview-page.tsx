import type { ComponentType } from 'react';
import { Link as RouterLink } from '@wallet/shared/router';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { WalletOverview } from '@wallet/shared/ui/wallet/wallet-overview';
import { DepositIcon, HistoryIcon, TransferIcon, WithdrawIcon } from '../icons';

interface Tile {
  title: string;
  text: string;
  to: string;
  Icon: ComponentType<{ color?: 'primary'; fontSize?: 'large' }>;
}

const TILES: Tile[] = [
  { title: 'Deposit', text: 'Add money from your bank account.', to: '/user/deposit', Icon: DepositIcon },
  { title: 'Withdraw', text: 'Cash out through an agent.', to: '/user/withdraw', Icon: WithdrawIcon },
  { title: 'Transfer', text: 'Send money to another user.', to: '/user/transfer', Icon: TransferIcon },
  { title: 'History', text: 'See every transaction.', to: '/user/history', Icon: HistoryIcon },
];

/** Spec §2: four tiles linking to deposit, withdraw, transfer and history, under the wallet's figures. */
export default function OverviewPage() {
  return (
    <>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 3 }}>
        Overview
      </Typography>
      <WalletOverview historyPath="/user/history" />
      <Grid container spacing={2}>
        {TILES.map(({ title, text, to, Icon }) => (
          <Grid key={to} size={{ xs: 12, sm: 6 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
                <CardContent>
                  <Icon color="primary" fontSize="large" />
                  <Typography component="h2" variant="h6" sx={{ mt: 1 }}>
                    {title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {text}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </>
  );
}
