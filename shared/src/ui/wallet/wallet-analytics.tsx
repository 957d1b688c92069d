import { useId, type ComponentType, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { TRANSACTION_TYPES, type Analytics } from '@wallet/shared/contracts';
import { errorMessage } from '@wallet/shared/api';
import { formatDay, formatMonth, formatMonthShort } from '@wallet/shared/dates';
import { useAnalytics } from '@wallet/shared/data';
import { INTL_LOCALE, pageLanguage } from '@wallet/shared/i18n/languages';
import { formatTaka } from '@wallet/shared/money';
import { TableRegion } from '@wallet/shared/ui/kit/table-region';
import { useWalletT, type WalletT } from './messages';
import {
  transactionTypeColors,
  transactionTypeLabel,
  type ColorMode,
} from '@wallet/shared/ui/wallet/transaction-types';

type Formatter = (value: number | null) => string;
interface Series {
  data: number[];
  label: string;
  stack?: string;
  valueFormatter?: Formatter;
}
interface ChartCommon {
  height: number;
  colors: (mode: ColorMode) => string[];
  skipAnimation?: boolean;
  /** The chart's own words (an empty chart's overlay), in the page's language. */
  localeText?: { noData: string; loading: string };
}
interface BandAxis {
  scaleType: 'band';
  data: string[];
  valueFormatter?: (value: string) => string;
}
interface ValueAxis {
  valueFormatter?: (value: number) => string;
}
/** A y axis may say how wide its labels are. */
type YAxis = (BandAxis | ValueAxis) & { width?: number };

/**
 * The two MUI X Charts the page draws, handed in by the area: the charts package belongs to the
 * areas (loaded only with their analytics chunk), while what the charts show is written once here.
 */
export interface ChartKit {
  BarChart: ComponentType<
    ChartCommon & {
      series: Series[];
      layout?: 'vertical' | 'horizontal';
      xAxis: (BandAxis | ValueAxis)[];
      yAxis: YAxis[];
    }
  >;
  LineChart: ComponentType<
    ChartCommon & {
      series: (Series & { curve?: 'stepAfter' | 'linear'; showMark?: boolean; area?: boolean })[];
      xAxis: { scaleType: 'time'; data: Date[]; valueFormatter?: (value: Date) => string }[];
      yAxis: YAxis[];
    }
  >;
}

/**
 * The charts that are not by type: money in and out, and the balance. Their colours stand at
 * least 4.5:1 against the paper of each theme, as the types' colours do.
 */
const IN_OUT_COLORS: Record<ColorMode, [string, string]> = {
  light: ['#2e7d32', '#c62828'],
  dark: ['#81c784', '#ef9a9a'],
};
const BALANCE_COLORS: Record<ColorMode, string[]> = { light: ['#1565c0'], dark: ['#64b5f6'] };

const taka: Formatter = (value) => (value === null ? '' : formatTaka(value));
const shortTaka = (value: number) => formatTaka(value, { compact: true });

/** The 12 months the charts span, oldest first: up to this month, or to the server's latest if it is ahead. */
function lastTwelveMonths(months: Analytics['months'], now = new Date()) {
  const current = now.toISOString().slice(0, 7);
  const latest = months.reduce((last, row) => (row.month > last ? row.month : last), current);
  const [year, month] = latest.split('-').map(Number) as [number, number];
  return Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(year, month - 12 + i, 1)).toISOString().slice(0, 7));
}

function perMonthByType(
  t: WalletT,
  analytics: Analytics,
  direction: 'moneyIn' | 'moneyOut',
  months: string[],
): Series[] {
  const types = TRANSACTION_TYPES.filter((type) => analytics.months.some((row) => row.type === type && row[direction]));
  return types.map((type) => ({
    // The legend's and the tooltip's name of the series, in the page's language.
    label: transactionTypeLabel(t, type),
    stack: direction,
    valueFormatter: taka,
    data: months.map(
      (month) => analytics.months.find((row) => row.month === month && row.type === type)?.[direction] ?? 0,
    ),
  }));
}

function typePalette(analytics: Analytics, direction: 'moneyIn' | 'moneyOut') {
  return transactionTypeColors(
    TRANSACTION_TYPES.filter((type) => analytics.months.some((row) => row.type === type && row[direction])),
  );
}

/**
 * A chart as an image with its text alternative: the name, and a description held in the page
 * (visually hidden). The chart's own drawing is presentational; the table beside it has the figures.
 */
function ChartImage({ title, desc, children }: { title: string; desc: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box role="img" aria-label={title} aria-describedby={id}>
      {children}
      <Box id={id} sx={visuallyHidden}>
        {desc}
      </Box>
    </Box>
  );
}

/** The figures of a chart, in a table. */
function DataTable({ label, head, rows }: { label: string; head: string[]; rows: ReactNode[][] }) {
  const t = useWalletT();
  return (
    <TableRegion name={t('wallet.analytics.table', { label })} maxHeight={360}>
      <Table size="small" stickyHeader aria-label={label}>
        <TableHead>
          <TableRow>
            {head.map((header, i) => (
              <TableCell key={header} align={i === 0 ? 'left' : 'right'} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((cells, r) => (
            <TableRow key={r}>
              {cells.map((cell, i) => (
                <TableCell
                  key={i}
                  component={i === 0 ? 'th' : 'td'}
                  scope={i === 0 ? 'row' : undefined}
                  align={i === 0 ? 'left' : 'right'}
                  sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                >
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableRegion>
  );
}

/** One chart with its heading, what it shows in words, and the same figures as a table. */
function ChartSection({
  title,
  summary,
  chart,
  table,
}: {
  title: string;
  summary: string;
  chart: ReactNode;
  table: ReactNode;
}) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={`${id}-title`}>
      <Typography id={`${id}-title`} component="h2" variant="h6">
        {title}
      </Typography>
      <Typography id={`${id}-summary`} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {summary}
      </Typography>
      <Box
        component="figure"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-summary`}
        sx={{ m: 0, minWidth: 0 }}
      >
        {chart}
      </Box>
      {table}
    </Box>
  );
}

/**
 * What the wallet paid in fees and earned in commissions, month by month (already counted in
 * money in and out above, here on their own). Nothing is shown to someone who has neither.
 */
function FeesAndCommissions({ months }: { months: Analytics['months'] }) {
  const t = useWalletT();
  const id = useId();
  const totals = new Map<string, { fees: number; commissions: number }>();
  for (const row of months) {
    const month = totals.get(row.month) ?? { fees: 0, commissions: 0 };
    totals.set(row.month, { fees: month.fees + row.fees, commissions: month.commissions + row.commissions });
  }
  const rows = [...totals].filter(([, month]) => month.fees !== 0 || month.commissions !== 0);
  if (rows.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} component="h2" variant="h6">
        {t('wallet.analytics.fees')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('wallet.analytics.feesSummary')}
      </Typography>
      <DataTable
        label={t('wallet.analytics.feesTable')}
        head={[t('wallet.analytics.month'), t('wallet.analytics.feesPaid'), t('wallet.analytics.commissionsEarned')]}
        rows={rows.map(([month, { fees, commissions }]) => [
          formatMonth(month),
          formatTaka(Math.round(fees * 100) / 100),
          formatTaka(Math.round(commissions * 100) / 100),
        ])}
      />
    </Box>
  );
}

/** /user/analytics and /agent/analytics: the last 12 months in charts, every figure also in a table. */
export function WalletAnalytics({ charts: { BarChart, LineChart } }: { charts: ChartKit }) {
  const t = useWalletT();
  const { data, error, isLoading } = useAnalytics();
  const heading = (
    <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
      {t('wallet.analytics.title')}
    </Typography>
  );
  const chartWords = { noData: t('wallet.chart.noData'), loading: t('wallet.chart.loading') };
  if (isLoading)
    return (
      <>
        {heading}
        <Typography>{t('wallet.loading')}</Typography>
      </>
    );
  if (error || !data)
    return (
      <>
        {heading}
        <Alert severity="error">{errorMessage(error, t('wallet.analytics.failed'))}</Alert>
      </>
    );

  const months = lastTwelveMonths(data.months);
  const monthAxis: BandAxis = { scaleType: 'band', data: months, valueFormatter: formatMonthShort };
  const moneyIn = perMonthByType(t, data, 'moneyIn', months);
  const moneyOut = perMonthByType(t, data, 'moneyOut', months);
  const span = t('wallet.analytics.span', { from: formatMonth(months[0]!), to: formatMonth(months.at(-1)!) });
  const noMovements = <Typography>{t('wallet.analytics.noMovements')}</Typography>;
  const names = data.counterparts.map((person) => person.name);

  return (
    <>
      {heading}
      <Stack spacing={4}>
        <ChartSection
          title={t('wallet.analytics.inOut')}
          summary={t('wallet.analytics.inOutSummary', { span })}
          chart={
            data.months.length === 0 ? (
              noMovements
            ) : (
              <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2}>
                {[
                  {
                    title: t('wallet.analytics.inByType'),
                    desc: t('wallet.analytics.inDesc', { span }),
                    series: moneyIn,
                    direction: 'moneyIn' as const,
                  },
                  {
                    title: t('wallet.analytics.outByType'),
                    desc: t('wallet.analytics.outDesc', { span }),
                    series: moneyOut,
                    direction: 'moneyOut' as const,
                  },
                ].map(({ title, desc, series, direction }) => (
                  <Box key={direction} sx={{ flex: 1, minWidth: 0 }}>
                    <Typography component="h3" variant="subtitle1">
                      {title}
                    </Typography>
                    <ChartImage title={title} desc={desc}>
                      <BarChart
                        localeText={chartWords}
                        height={280}
                        colors={typePalette(data, direction)}
                        series={series}
                        xAxis={[monthAxis]}
                        yAxis={[{ valueFormatter: shortTaka, width: 48 }]}
                      />
                    </ChartImage>
                  </Box>
                ))}
              </Stack>
            )
          }
          table={
            <DataTable
              label={t('wallet.analytics.inOutTable')}
              head={[
                t('wallet.analytics.month'),
                t('wallet.analytics.type'),
                t('wallet.analytics.moneyInTaka'),
                t('wallet.analytics.moneyOutTaka'),
              ]}
              rows={data.months.map((row) => [
                formatMonth(row.month),
                transactionTypeLabel(t, row.type),
                formatTaka(row.moneyIn),
                formatTaka(row.moneyOut),
              ])}
            />
          }
        />
        <FeesAndCommissions months={data.months} />
        <ChartSection
          title={t('wallet.analytics.balance')}
          summary={t('wallet.analytics.balanceSummary')}
          chart={
            data.balance.length === 0 ? (
              noMovements
            ) : (
              <ChartImage
                title={t('wallet.analytics.balance')}
                desc={t('wallet.analytics.balanceDesc', {
                  from: formatDay(data.balance[0]!.day),
                  to: formatDay(data.balance.at(-1)!.day),
                })}
              >
                <LineChart
                  localeText={chartWords}
                  height={280}
                  colors={(mode) => BALANCE_COLORS[mode]}
                  series={[
                    {
                      label: t('wallet.balance'),
                      data: data.balance.map((point) => point.balance),
                      curve: 'stepAfter',
                      showMark: data.balance.length <= 31,
                      valueFormatter: taka,
                    },
                  ]}
                  xAxis={[
                    {
                      scaleType: 'time',
                      data: data.balance.map((point) => new Date(`${point.day}T00:00:00Z`)),
                      valueFormatter: formatDay,
                    },
                  ]}
                  yAxis={[{ valueFormatter: shortTaka, width: 48 }]}
                />
              </ChartImage>
            )
          }
          table={
            <DataTable
              label={t('wallet.analytics.balanceTable')}
              head={[t('wallet.analytics.day'), t('wallet.analytics.balanceTaka')]}
              rows={data.balance.map((point) => [formatDay(point.day), formatTaka(point.balance)])}
            />
          }
        />
        <ChartSection
          title={t('wallet.analytics.top')}
          summary={t('wallet.analytics.topSummary')}
          chart={
            data.counterparts.length === 0 ? (
              <Typography>{t('wallet.analytics.noCounterparts')}</Typography>
            ) : (
              <ChartImage title={t('wallet.analytics.top')} desc={t('wallet.analytics.topDesc')}>
                <BarChart
                  localeText={chartWords}
                  height={80 + 48 * names.length}
                  layout="horizontal"
                  colors={(mode) => IN_OUT_COLORS[mode]}
                  series={[
                    {
                      label: t('wallet.analytics.moneyIn'),
                      data: data.counterparts.map((p) => p.moneyIn),
                      valueFormatter: taka,
                    },
                    {
                      label: t('wallet.analytics.moneyOut'),
                      data: data.counterparts.map((p) => p.moneyOut),
                      valueFormatter: taka,
                    },
                  ]}
                  yAxis={[{ scaleType: 'band', data: names, width: 96 }]}
                  xAxis={[{ valueFormatter: shortTaka }]}
                />
              </ChartImage>
            )
          }
          table={
            <DataTable
              label={t('wallet.analytics.top')}
              head={[
                t('wallet.analytics.name'),
                t('wallet.email'),
                t('wallet.analytics.movements'),
                t('wallet.analytics.moneyInTaka'),
                t('wallet.analytics.moneyOutTaka'),
              ]}
              rows={data.counterparts.map((person) => [
                person.name,
                person.email,
                person.count.toLocaleString(INTL_LOCALE[pageLanguage()]),
                formatTaka(person.moneyIn),
                formatTaka(person.moneyOut),
              ])}
            />
          }
        />
      </Stack>
    </>
  );
}
