import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { statementQuerySchema, type StatementFormat } from '@wallet/shared/contracts';
import { errorMessage } from '@wallet/shared/api';
import { formatDay } from '@wallet/shared/dates';
import { downloadStatement } from '@wallet/shared/data';
import { useWalletT } from './messages';

const DAY_MS = 86_400_000;
/** Calendar days in UTC, as the API counts them. */
const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The range a statement covers: the history's dates, or the 30 days up to today (or up to `to`). */
export function statementRange({ from, to }: { from?: string; to?: string }, now = Date.now()) {
  const last = to ?? utcDay(now);
  return { from: from ?? utcDay(Date.parse(`${last}T00:00:00Z`) - 29 * DAY_MS), to: last };
}

/**
 * The statement of the chosen range, as CSV (for a spreadsheet) or PDF (to print, in the page's
 * language), checked as the API checks it before anything is asked.
 */
export function StatementButton({ from, to }: { from?: string; to?: string }) {
  const t = useWalletT();
  const range = statementRange({ from, to });
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState<StatementFormat | null>(null);

  async function download(format: StatementFormat) {
    const checked = statementQuerySchema.safeParse(range);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      setProblem(
        t(issue.path[0] === 'from' ? 'wallet.statement.fromProblem' : 'wallet.statement.toProblem', {
          problem: issue.message,
        }),
      );
      return;
    }
    setProblem(null);
    setPending(format);
    try {
      await downloadStatement(
        checked.data,
        {
          unreachable: t('wallet.statement.unreachable'),
          refused: t('wallet.statement.refused'),
        },
        format,
      );
    } catch (error) {
      setProblem(errorMessage(error, t('wallet.statement.failed')));
    } finally {
      setPending(null);
    }
  }

  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="contained" onClick={() => void download('csv')} disabled={pending !== null}>
          {pending === 'csv' ? t('wallet.processing') : t('wallet.statement.downloadCsv')}
        </Button>
        <Button variant="outlined" onClick={() => void download('pdf')} disabled={pending !== null}>
          {pending === 'pdf' ? t('wallet.processing') : t('wallet.statement.downloadPdf')}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {t('wallet.statement.range', { from: formatDay(range.from), to: formatDay(range.to) })}
        </Typography>
      </Stack>
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}
