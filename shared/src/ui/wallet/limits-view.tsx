import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { LimitUsage, MovementType, MyLimits } from '@wallet/shared/contracts';
import { errorMessage } from '@wallet/shared/api';
import { useMyLimits } from '@wallet/shared/data';
import { INTL_LOCALE, pageLanguage } from '@wallet/shared/i18n/languages';
import { formatTaka } from '@wallet/shared/money';
import { TitledSection } from '@wallet/shared/ui/kit/titled-section';
import { useWalletT, type WalletMessage, type WalletT } from './messages';

type Side = MyLimits['movements'][number]['side'];

/** A cash-in or cash-out bounds one side of it: the person's (received, given) or the agent's (given, taken). */
const MOVEMENT_HEADINGS: Record<MovementType, Record<Side, WalletMessage>> = {
  deposit: { sent: 'wallet.limits.deposit', received: 'wallet.limits.deposit' },
  transfer: { sent: 'wallet.limits.transfer', received: 'wallet.limits.transfer' },
  'cash-out': { sent: 'wallet.limits.cashOut', received: 'wallet.limits.cashOutTaken' },
  'cash-in': { sent: 'wallet.limits.cashInGiven', received: 'wallet.limits.cashInReceived' },
  payment: { sent: 'wallet.limits.payment', received: 'wallet.limits.paymentReceived' },
};

type Unit = 'taka' | 'count';
const figure = (value: number, unit: Unit) =>
  unit === 'taka' ? formatTaka(value) : value.toLocaleString(INTL_LOCALE[pageLanguage()]);
/** Each unit's words: a limit, a bar's name, what was used and is left. */
const UNIT_MESSAGES: Record<Unit, { limit: WalletMessage; bar: WalletMessage; used: WalletMessage }> = {
  taka: { limit: 'wallet.taka', bar: 'wallet.limits.barTaka', used: 'wallet.limits.usedTaka' },
  count: { limit: 'wallet.limits.movements', bar: 'wallet.limits.barCount', used: 'wallet.limits.usedCount' },
};

/** A label and its figure on one line, the figure to the right. */
function LimitLine({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', columnGap: 2 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * One limit of a period as a bar of what was used, named for a screen reader with its figures
 * ("Send money today: 20,000.00 of 25,000.00 Taka used"), and the same in words under it.
 */
function UsageLine({
  label,
  name,
  usage,
  unit,
}: {
  label: string;
  /** The bar's name before its figures: "Send money today". */
  name: string;
  usage: LimitUsage | null;
  unit: Unit;
}) {
  const t = useWalletT();
  if (!usage) return <LimitLine label={label} value={t('wallet.limits.none')} />;
  const words = UNIT_MESSAGES[unit];
  const limit = figure(usage.limit, unit);
  return (
    <Box>
      <LimitLine label={label} value={t(words.limit, { amount: limit, count: limit })} />
      <LinearProgress
        variant="determinate"
        value={Math.min(100, (usage.used / usage.limit) * 100)}
        aria-label={t(words.bar, { name, used: figure(usage.used, unit), limit })}
        sx={{ my: 0.75, height: 8, borderRadius: 1 }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {t(words.used, { used: figure(usage.used, unit), left: figure(usage.left, unit) })}
      </Typography>
    </Box>
  );
}

/** "Up to 25,000.00 Taka", "From 10.00 to 25,000.00 Taka", "From 10.00 Taka", or "No limit". */
function perMovement(t: WalletT, min: number | null, max: number | null) {
  if (min === null && max === null) return t('wallet.limits.none');
  if (min === null) return t('wallet.limits.upTo', { max: formatTaka(max!) });
  if (max === null) return t('wallet.limits.from', { min: formatTaka(min) });
  return t('wallet.limits.fromTo', { min: formatTaka(min), max: formatTaka(max) });
}

/** A card with its heading (h2), named by it. */
function LimitsCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <TitledSection title={title} sx={{ height: '100%' }} headingGap={1.5} rowGap={2}>
      {children}
    </TitledSection>
  );
}

function MovementCard({
  movement,
  shopCeiling,
}: {
  movement: MyLimits['movements'][number];
  /** A merchant's payments stop once its wallet holds this much (null: no such limit). */
  shopCeiling?: number | null;
}) {
  const t = useWalletT();
  const heading = t(MOVEMENT_HEADINGS[movement.type][movement.side]);
  const today = t('wallet.limits.headingToday', { heading });
  const thisMonth = t('wallet.limits.headingThisMonth', { heading });
  return (
    <LimitsCard title={heading}>
      <LimitLine
        label={t('wallet.limits.perMovement')}
        value={perMovement(t, movement.minAmount, movement.maxAmount)}
      />
      <UsageLine label={t('wallet.limits.today')} name={today} usage={movement.daily} unit="taka" />
      <UsageLine label={t('wallet.limits.thisMonth')} name={thisMonth} usage={movement.monthly} unit="taka" />
      <UsageLine label={t('wallet.limits.movementsToday')} name={today} usage={movement.dailyCount} unit="count" />
      <UsageLine
        label={t('wallet.limits.movementsThisMonth')}
        name={thisMonth}
        usage={movement.monthlyCount}
        unit="count"
      />
      {shopCeiling !== undefined && (
        <LimitLine
          label={t('wallet.limits.shopCeiling')}
          value={shopCeiling === null ? t('wallet.limits.none') : t('wallet.taka', { amount: formatTaka(shopCeiling) })}
        />
      )}
    </LimitsCard>
  );
}

function BalanceCard({ balance }: { balance: MyLimits['balance'] }) {
  const t = useWalletT();
  return (
    <LimitsCard title={t('wallet.balance')}>
      {balance.max === null ? (
        <>
          <LimitLine label={t('wallet.limits.maxBalance')} value={t('wallet.limits.none')} />
          <LimitLine
            label={t('wallet.balance.now')}
            value={t('wallet.taka', { amount: formatTaka(balance.current) })}
          />
        </>
      ) : (
        <Box>
          <LimitLine
            label={t('wallet.limits.maxBalance')}
            value={t('wallet.taka', { amount: formatTaka(balance.max) })}
          />
          <LinearProgress
            variant="determinate"
            value={Math.min(100, Math.max(0, (balance.current / balance.max) * 100))}
            aria-label={t('wallet.limits.balanceBar', {
              current: formatTaka(balance.current),
              max: formatTaka(balance.max),
            })}
            sx={{ my: 0.75, height: 8, borderRadius: 1 }}
          />
          <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {t('wallet.limits.held', { current: formatTaka(balance.current), left: formatTaka(balance.left ?? 0) })}
          </Typography>
        </Box>
      )}
    </LimitsCard>
  );
}

/**
 * /user/limits and /agent/limits, under the page's heading: each movement's limits with what was
 * used of them today and this month (bars, each also said in words), and the maximum balance; for
 * a merchant, then, the payments its shop may take.
 */
export function LimitsView() {
  const t = useWalletT();
  const { data, error, isLoading } = useMyLimits();
  if (isLoading) return <Typography>{t('wallet.loading')}</Typography>;
  if (error || !data) return <Alert severity="error">{errorMessage(error, t('wallet.limits.failed'))}</Alert>;
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('wallet.limits.intro')}
      </Typography>
      <Grid container spacing={2}>
        {data.movements.map((movement) => (
          <Grid key={movement.type} size={{ xs: 12, md: 6 }}>
            <MovementCard movement={movement} />
          </Grid>
        ))}
        <Grid size={{ xs: 12, md: 6 }}>
          <BalanceCard balance={data.balance} />
        </Grid>
        {/* A merchant's own limits, on the payments its shop takes. */}
        {data.merchant?.movements.map((movement) => (
          <Grid key={`merchant-${movement.type}`} size={{ xs: 12, md: 6 }}>
            <MovementCard movement={movement} shopCeiling={data.merchant!.maxBalance} />
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
