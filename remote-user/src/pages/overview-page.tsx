import type { ComponentType } from 'react';
import { Link as RouterLink } from '@wallet/shared/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { pageLanguage } from '@wallet/shared/i18n/languages';
import { useSession } from '@wallet/shared/session';
import { WalletOverview } from '@wallet/shared/ui/wallet/wallet-overview';
import { DepositIcon, HistoryIcon, TransferIcon, WithdrawIcon } from '../icons';
import { useT, type UserMessage } from '../i18n';

interface Tile {
  title: UserMessage;
  text: UserMessage;
  to: string;
  Icon: ComponentType<{ color?: 'primary'; fontSize?: 'large' }>;
}

const TILES: Tile[] = [
  {
    title: 'user.overview.deposit.title',
    text: 'user.overview.deposit.text',
    to: '/user/deposit',
    Icon: DepositIcon,
  },
  {
    title: 'user.overview.withdraw.title',
    text: 'user.overview.withdraw.text',
    to: '/user/withdraw',
    Icon: WithdrawIcon,
  },
  {
    title: 'user.overview.transfer.title',
    text: 'user.overview.transfer.text',
    to: '/user/transfer',
    Icon: TransferIcon,
  },
  {
    title: 'user.overview.history.title',
    text: 'user.overview.history.text',
    to: '/user/history',
    Icon: HistoryIcon,
  },
];

/** A merchant's way into its shop (the merchant area), named as staff approved it. */
function YourShop() {
  const t = useT();
  const merchant = useSession((state) => state.user?.merchant);
  if (!merchant) return null;
  return (
    <Card component="section" variant="outlined" aria-labelledby="your-shop-title" sx={{ mb: 3 }}>
      <CardContent sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography id="your-shop-title" component="h2" variant="h6">
            {t('user.overview.shop.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('user.overview.shop.text', { name: pageLanguage() === 'bn' ? merchant.nameBn : merchant.name })}
          </Typography>
        </Box>
        <Button variant="contained" component={RouterLink} to="/merchant/overview">
          {t('user.overview.shop.open')}
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * Spec §2: four tiles linking to deposit, withdraw, transfer and history, under the wallet's figures;
 * for a merchant, its shop above them.
 */
export default function OverviewPage() {
  const t = useT();
  return (
    <>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 3 }}>
        {t('user.overview.title')}
      </Typography>
      <WalletOverview historyPath="/user/history" />
      <YourShop />
      <Grid container spacing={2}>
        {TILES.map(({ title, text, to, Icon }) => (
          <Grid key={to} size={{ xs: 12, sm: 6 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
                <CardContent>
                  <Icon color="primary" fontSize="large" />
                  <Typography component="h2" variant="h6" sx={{ mt: 1 }}>
                    {t(title)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t(text)}
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
