import { useId, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { LimitUsage, MovementType, MyLimits } from '@wallet/shared/contracts';
import { errorMessage } from '@wallet/shared/api';
import { useMyLimits } from '@wallet/shared/data';
import { formatTaka } from '@wallet/shared/money';

type Side = MyLimits['movements'][number]['side'];

/** A cash-in or cash-out bounds one side of it: the person's (received, given) or the agent's (given, taken). */
const MOVEMENT_HEADINGS: Record<MovementType, Record<Side, string>> = {
  deposit: { sent: 'Add money', received: 'Add money' },
  transfer: { sent: 'Send money', received: 'Send money' },
  'cash-out': { sent: 'Cash out', received: 'Cash out (taken)' },
  'cash-in': { sent: 'Cash in (given)', received: 'Cash in (received)' },
};

const NO_LIMIT = 'No limit';

type Unit = 'taka' | 'count';
const figure = (value: number, unit: Unit) => (unit === 'taka' ? formatTaka(value) : value.toLocaleString('en-US'));
const UNIT_WORDS: Record<Unit, string> = { taka: 'Taka', count: 'movements' };

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
  if (!usage) return <LimitLine label={label} value={NO_LIMIT} />;
  const words = UNIT_WORDS[unit];
  return (
    <Box>
      <LimitLine label={label} value={`${figure(usage.limit, unit)} ${words}`} />
      <LinearProgress
        variant="determinate"
        value={Math.min(100, (usage.used / usage.limit) * 100)}
        aria-label={`${name}: ${figure(usage.used, unit)} of ${figure(usage.limit, unit)} ${words} used`}
        sx={{ my: 0.75, height: 8, borderRadius: 1 }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        Used {figure(usage.used, unit)} · left {figure(usage.left, unit)} {words}
      </Typography>
    </Box>
  );
}

/** "Up to 25,000.00 Taka", "From 10.00 to 25,000.00 Taka", "From 10.00 Taka", or "No limit". */
function perMovement(min: number | null, max: number | null) {
  if (min === null && max === null) return NO_LIMIT;
  if (min === null) return `Up to ${formatTaka(max!)} Taka`;
  if (max === null) return `From ${formatTaka(min)} Taka`;
  return `From ${formatTaka(min)} to ${formatTaka(max)} Taka`;
}

/** A card with its heading (h2), named by it. */
function LimitsCard({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: 2, height: '100%' }}>
      <Typography id={id} component="h2" variant="h6" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', rowGap: 2 }}>{children}</Box>
    </Paper>
  );
}

function MovementCard({ movement }: { movement: MyLimits['movements'][number] }) {
  const heading = MOVEMENT_HEADINGS[movement.type][movement.side];
  return (
    <LimitsCard title={heading}>
      <LimitLine label="Per movement" value={perMovement(movement.minAmount, movement.maxAmount)} />
      <UsageLine label="Today" name={`${heading} today`} usage={movement.daily} unit="taka" />
      <UsageLine label="This month" name={`${heading} this month`} usage={movement.monthly} unit="taka" />
      <UsageLine label="Movements today" name={`${heading} today`} usage={movement.dailyCount} unit="count" />
      <UsageLine
        label="Movements this month"
        name={`${heading} this month`}
        usage={movement.monthlyCount}
        unit="count"
      />
    </LimitsCard>
  );
}

function BalanceCard({ balance }: { balance: MyLimits['balance'] }) {
  return (
    <LimitsCard title="Balance">
      {balance.max === null ? (
        <>
          <LimitLine label="Maximum balance" value={NO_LIMIT} />
          <LimitLine label="Balance now" value={`${formatTaka(balance.current)} Taka`} />
        </>
      ) : (
        <Box>
          <LimitLine label="Maximum balance" value={`${formatTaka(balance.max)} Taka`} />
          <LinearProgress
            variant="determinate"
            value={Math.min(100, Math.max(0, (balance.current / balance.max) * 100))}
            aria-label={`Balance: ${formatTaka(balance.current)} of ${formatTaka(balance.max)} Taka held`}
            sx={{ my: 0.75, height: 8, borderRadius: 1 }}
          />
          <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            Held {formatTaka(balance.current)} · room for {formatTaka(balance.left ?? 0)} Taka
          </Typography>
        </Box>
      )}
    </LimitsCard>
  );
}

/**
 * /user/limits and /agent/limits, under the page's heading: each movement's limits with what was
 * used of them today and this month (bars, each also said in words), and the maximum balance.
 */
export function LimitsView() {
  const { data, error, isLoading } = useMyLimits();
  if (isLoading) return <Typography>Loading...</Typography>;
  if (error || !data)
    return <Alert severity="error">{errorMessage(error, 'Your limits could not be loaded. Please try again.')}</Alert>;
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        What you may move at a time, a day and a month, and what you used. Days and months are counted in Bangladesh
        time (Asia/Dhaka).
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
      </Grid>
    </Box>
  );
}
