/**
 * What may be said of a database failure. drizzle wraps the driver's error in one whose
 * message holds the SQL and its parameter values (a password hash, a verifier...): only the
 * SQLSTATE, the server's own message and the statement without values ever leave this module.
 */
export interface SafeDbError {
  code?: string;
  message: string;
  statement?: string;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

function chain(error: unknown): unknown[] {
  const seen: unknown[] = [];
  for (let current = error; current && typeof current === 'object' && seen.length < 5;) {
    seen.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return seen;
}

/** The PostgreSQL SQLSTATE of an error or of what caused it, if any. */
export function pgErrorCode(error: unknown): string | undefined {
  for (const link of chain(error)) {
    const code = (link as { code?: unknown }).code;
    if (typeof code === 'string' && SQLSTATE.test(code)) return code;
  }
  return undefined;
}

/** A unique index refused a row (23505), whatever wrapped the driver's error. */
export function isUniqueViolation(error: unknown): boolean {
  return pgErrorCode(error) === '23505';
}

/** A node-level connection failure (the server went away, refused, timed out). */
function isConnectionError(error: unknown): boolean {
  return chain(error).some((link) => {
    const { code, message } = link as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && /^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|ENOTFOUND|EAI_AGAIN)$/.test(code))
      return true;
    return (
      typeof message === 'string' &&
      /Connection terminated|connection timeout|Client has encountered a connection error|Connection is closed|timeout exceeded when trying to connect/i.test(
        message,
      )
    );
  });
}

/**
 * Failures that say the database is unavailable for now (shutting down, restarting, out of
 * connections, a statement or lock timeout, or a write that reached a server just demoted to a
 * standby during a failover: 25006), not that the request was wrong: answered 503.
 */
export function isTransientDbError(error: unknown): boolean {
  const code = pgErrorCode(error);
  if (code && /^(08...|57P0[1-4]|53300|55P03|57014|40001|40P01|25P03|25006)$/.test(code)) return true;
  return isConnectionError(error);
}

/** Error codes of values the client sent that PostgreSQL cannot take (a NUL byte, a malformed literal). */
export function isBadValueError(error: unknown): boolean {
  const code = pgErrorCode(error);
  return code === '22021' || code === '22P02' || code === '22P05';
}

export function describeDbError(error: unknown): SafeDbError | undefined {
  const links = chain(error) as { code?: unknown; message?: unknown; query?: unknown }[];
  const query = links.find((link) => typeof link.query === 'string')?.query as string | undefined;
  const code = pgErrorCode(error);
  if (!code && !query && !isConnectionError(error)) return undefined;
  // The innermost error is the driver's own (PostgreSQL's message, or the socket's). drizzle's
  // wrapper, whose message lists the parameter values, is never the one described.
  const cause = links.at(-1)!;
  const safe = cause.query === undefined && typeof cause.message === 'string';
  return {
    code: code ?? (typeof cause.code === 'string' ? cause.code : undefined),
    message: safe ? (cause.message as string) : 'database query failed',
    ...(query ? { statement: query } : {}),
  };
}
