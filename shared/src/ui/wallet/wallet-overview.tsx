import { Link as RouterLink } from '@wallet/shared/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Transaction } from '@wallet/shared/contracts';
import { errorMessage } from '@wallet/shared/api';
import { formatDateTime, formatMonth } from '@wallet/shared/dates';
import { historyFilterQuery, useOverview } from '@wallet/shared/data';
import { formatTaka } from '@wallet/shared/money';
import { useSession } from '@wallet/shared/session';
import { useWalletT, type WalletT } from './messages';
import { SignedAmount } from '@wallet/shared/ui/wallet/transaction-cells';
import { transactionTypeLabel } from '@wallet/shared/ui/wallet/transaction-types';

/** "Transfer to Karim", "Cash-out from Rahim", "Bonus": the movement from the viewer's side. */
function movementTitle(t: WalletT, transaction: Transaction, viewerId: string | undefined) {
  const outgoing = transaction.sender?._id === viewerId;
  const other = outgoing ? transaction.receiver : transaction.sender;
  const type = transactionTypeLabel(t, transaction.type);
  return other ? t(outgoing ? 'wallet.overview.to' : 'wallet.overview.from', { type, name: other.name }) : type;
}

/** At most this wide, in ems, is a character of a figure (Bangla digits are wider than Latin ones). */
const FIGURE_CHARACTER_EM = 0.64;

/**
 * A figure never wraps inside itself ("১২,৩৯৫.৫" on one line, "০" on the next): it stays on one
 * line and, when its card is too narrow for it (a phone's half-width card, a long Bangla amount),
 * its size shrinks to fit the card's width (container query units), never below what it needs.
 */
function Figure({ label, value, large = false }: { label: string; value: string; large?: boolean }) {
  const fitting = `${(100 / (FIGURE_CHARACTER_EM * value.length)).toFixed(2)}cqi`;
  return (
    <Paper
      role="group"
      aria-label={label}
      variant="outlined"
      sx={{ p: 2, height: '100%', containerType: 'inline-size' }}
    >
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        variant={large ? 'h3' : 'h5'}
        component="p"
        sx={{
          fontWeight: 700,
          fontVariantNumeric: 'tabular-nums',
          whiteSpace: 'nowrap',
          fontSize: `min(${large ? '3rem' : '1.5rem'}, ${fitting})`,
        }}
      >
        {value}
      </Typography>
    </Paper>
  );
}

/** The balance, this month's money in and out, and the five latest movements, each a way into the history. */
export function WalletOverview({ historyPath }: { historyPath: string }) {
  const t = useWalletT();
  const viewerId = useSession((state) => state.user?._id);
  const { data, error, isLoading } = useOverview();
  if (isLoading) return <Typography sx={{ mb: 3 }}>{t('wallet.loading')}</Typography>;
  if (error || !data)
    return (
      <Alert severity="error" sx={{ mb: 3 }}>
        {errorMessage(error, t('wallet.overview.failed'))}
      </Alert>
    );
  const month = formatMonth(data.month.month);
  return (
    <Box component="section" aria-label={t('wallet.overview.label')} sx={{ mb: 3 }}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Figure label={t('wallet.overview.balance')} value={formatTaka(data.balance)} large />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <Figure label={t('wallet.overview.moneyIn', { month })} value={formatTaka(data.month.moneyIn)} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <Figure label={t('wallet.overview.moneyOut', { month })} value={formatTaka(data.month.moneyOut)} />
        </Grid>
      </Grid>
      <Typography component="h2" variant="h6" sx={{ mt: 3, mb: 1 }}>
        {t('wallet.overview.latest')}
      </Typography>
      {data.latest.length === 0 ? (
        <Typography color="text.secondary">{t('wallet.noTransactions')}</Typography>
      ) : (
        <Paper variant="outlined">
          <List disablePadding aria-label={t('wallet.overview.latest')}>
            {data.latest.map((transaction) => {
              const day = transaction.createdAt.slice(0, 10);
              const query = historyFilterQuery({ type: transaction.type, from: day, to: day });
              return (
                <ListItem key={transaction._id} disablePadding divider>
                  <ListItemButton component={RouterLink} to={`${historyPath}?${query}`} sx={{ gap: 2 }}>
                    <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                      <Typography variant="body2" color="text.secondary">
                        {formatDateTime(transaction.createdAt)}
                      </Typography>
                      <Typography sx={{ overflowWrap: 'anywhere' }}>
                        {movementTitle(t, transaction, viewerId)}
                      </Typography>
                    </Box>
                    <SignedAmount transaction={transaction} viewerId={viewerId} />
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        </Paper>
      )}
    </Box>
  );
}
