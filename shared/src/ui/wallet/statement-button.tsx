import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { statementQuerySchema } from '@wallet/shared/contracts';
import { errorMessage } from '@wallet/shared/api';
import { formatDay } from '@wallet/shared/dates';
import { downloadStatement } from '@wallet/shared/data';

const DAY_MS = 86_400_000;
/** Calendar days in UTC, as the API counts them. */
const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The range a statement covers: the history's dates, or the 30 days up to today (or up to `to`). */
export function statementRange({ from, to }: { from?: string; to?: string }, now = Date.now()) {
  const last = to ?? utcDay(now);
  return { from: from ?? utcDay(Date.parse(`${last}T00:00:00Z`) - 29 * DAY_MS), to: last };
}

/** The CSV statement of the chosen range, checked as the API checks it before anything is asked. */
export function StatementButton({ from, to }: { from?: string; to?: string }) {
  const range = statementRange({ from, to });
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function download() {
    const checked = statementQuerySchema.safeParse(range);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      setProblem(`${issue.path[0] === 'from' ? 'From' : 'To'}: ${issue.message}`);
      return;
    }
    setProblem(null);
    setPending(true);
    try {
      await downloadStatement(checked.data);
    } catch (error) {
      setProblem(errorMessage(error, 'The statement could not be downloaded. Please try again.'));
    } finally {
      setPending(false);
    }
  }

  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="contained" onClick={() => void download()} disabled={pending}>
          {pending ? 'Processing...' : 'Download statement'}
        </Button>
        <Typography variant="body2" color="text.secondary">
          CSV, {formatDay(range.from)} to {formatDay(range.to)}
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
