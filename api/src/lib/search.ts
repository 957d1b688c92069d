import { or, sql, type SQL } from 'drizzle-orm';
import { users } from '../db/schema';

/** Search helpers of the lists: LIKE patterns and what a list may show of an email. */

/** `text` as a LIKE pattern's literal part: its `\\`, `%` and `_` escaped. */
export function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The admin lists' search: any part of a name or an email. */
export function searchFilter(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${escapeLike(search.toLowerCase())}%`;
  return or(sql`lower(${users.name}) like ${pattern}`, sql`${users.email} like ${pattern}`);
}

/** Another person's email as a picker shows it: enough to tell two namesakes apart, not to write to them. */
export function maskEmail(email: string) {
  const at = email.lastIndexOf('@');
  if (at < 0) return '***';
  const local = email.slice(0, at);
  return `${local.slice(0, Math.min(2, Math.max(1, local.length - 1)))}***${email.slice(at)}`;
}
