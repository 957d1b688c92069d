import { DISPUTE_TARGET_HOURS } from '@wallet/shared/contracts';
import { formatCount } from '../../format';
import type { AdminT } from '../../i18n';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** "35 min", "5 h 10 min", "2 d 3 h": how long something has waited, to the minute. */
export function formatWait(t: AdminT, ms: number) {
  const minutes = Math.max(0, Math.floor(ms / MINUTE_MS));
  const [days, hours, rest] = [Math.floor(minutes / 1440), Math.floor((minutes % 1440) / 60), minutes % 60].map(
    (figure) => formatCount(figure),
  );
  if (minutes >= 1440) return t('admin.wait.days', { days, hours });
  if (minutes >= 60) return t('admin.wait.hours', { hours, minutes: rest });
  return t('admin.wait.minutes', { minutes: rest });
}

/** How long an open report has waited, and whether it is past the target of DISPUTE_TARGET_HOURS. */
export function waitingTime(t: AdminT, reportedAt: string, now: number) {
  const waited = now - Date.parse(reportedAt);
  return { text: formatWait(t, waited), overdue: waited > DISPUTE_TARGET_HOURS * HOUR_MS };
}
