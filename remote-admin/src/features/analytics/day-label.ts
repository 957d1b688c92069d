const short = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const long = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** "Mar 3": a calendar day (`YYYY-MM-DD`, UTC) on the chart's axis. */
export const shortDay = (day: string) => short.format(new Date(`${day}T00:00:00Z`));
/** "Mar 3, 2025": the same day in a sentence or a table. */
export const longDay = (day: string) => long.format(new Date(`${day}T00:00:00Z`));
