import { DISPUTE_TARGET_HOURS } from '@wallet/shared/contracts';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** "35 min", "5 h 10 min", "2 d 3 h": how long something has waited, to the minute. */
export function formatWait(ms: number) {
  const minutes = Math.max(0, Math.floor(ms / MINUTE_MS));
  const [days, hours, rest] = [Math.floor(minutes / 1440), Math.floor((minutes % 1440) / 60), minutes % 60];
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${rest} min`;
  return `${rest} min`;
}

/** How long an open report has waited, and whether it is past the target of DISPUTE_TARGET_HOURS. */
export function waitingTime(reportedAt: string, now: number) {
  const waited = now - Date.parse(reportedAt);
  return { text: formatWait(waited), overdue: waited > DISPUTE_TARGET_HOURS * HOUR_MS };
}
