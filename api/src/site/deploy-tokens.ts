import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { APP_NAMES, type AppName } from '@wallet/shared/areas';
import { RELEASE_ERRORS } from '@wallet/shared/contracts';
import { type CreateDeployTokenInput, type DeployToken, STARTUP_TOKEN_NAME } from '@wallet/shared/contracts/releases';
import type { Database, Executor } from '../db/client';
import { tableError } from '../lib/api-errors';
import { deployTokens } from '../db/schema';
import { hashToken } from '../lib/tokens';

type TokenRow = typeof deployTokens.$inferSelect;

/** What a valid token may do: release its areas; the startup token may also manage the others. */
export interface TokenHolder {
  id: string;
  name: string;
  areas: AppName[];
  manages: boolean;
}

function tokenDto(row: TokenRow): DeployToken {
  return {
    _id: row.id,
    name: row.name,
    areas: row.areas as AppName[],
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** A new secret: 32 random bytes, prefixed so that a leaked one is recognisable (and scannable) as ours. */
const newSecret = () => `wdt_${randomBytes(32).toString('base64url')}`;

/**
 * The site's own token, named `startup`: DEPLOY_TOKEN, or the one the embedded database's site
 * writes at each start. A start with another token revokes the previous one; instances starting
 * with the same token leave it as it is. Named tokens are never touched.
 */
export async function registerStartupToken(db: Database, token: string) {
  const tokenHash = hashToken(token);
  await db.transaction(async (tx) => {
    // One start at a time decides: the others wait here, then find the token in place.
    await tx.execute(sql`select pg_advisory_xact_lock(7301004)`);
    const [current] = await tx
      .select()
      .from(deployTokens)
      .where(and(eq(deployTokens.name, STARTUP_TOKEN_NAME), isNull(deployTokens.revokedAt)));
    if (current?.tokenHash === tokenHash) return;
    if (current) {
      await tx
        .update(deployTokens)
        .set({ revokedAt: new Date(), revokedBy: 'a start with another token' })
        .where(eq(deployTokens.id, current.id));
    }
    await tx.insert(deployTokens).values({
      name: STARTUP_TOKEN_NAME,
      tokenHash,
      areas: [...APP_NAMES],
      expiresAt: null,
      createdBy: 'the site at start',
    });
  });
}

/** The holder of a usable token (not revoked, not expired), its use recorded; undefined otherwise. */
export async function authenticateDeployToken(db: Executor, token: string): Promise<TokenHolder | undefined> {
  const [row] = await db
    .update(deployTokens)
    .set({ lastUsedAt: sql`clock_timestamp()` })
    .where(
      and(
        eq(deployTokens.tokenHash, hashToken(token)),
        isNull(deployTokens.revokedAt),
        sql`(${deployTokens.expiresAt} is null or ${deployTokens.expiresAt} > clock_timestamp())`,
      ),
    )
    .returning();
  if (!row) return undefined;
  return { id: row.id, name: row.name, areas: row.areas as AppName[], manages: row.name === STARTUP_TOKEN_NAME };
}

/** Every token, usable ones first, newest first: never a secret. */
export async function listDeployTokens(db: Executor): Promise<DeployToken[]> {
  const rows = await db
    .select()
    .from(deployTokens)
    .orderBy(sql`${deployTokens.revokedAt} is not null`, desc(deployTokens.createdAt))
    .limit(100);
  return rows.map(tokenDto);
}

/** A named token for `areas`, expiring in `expiresInDays`: its secret is returned this once. */
export async function createDeployToken(db: Executor, input: CreateDeployTokenInput, by: string) {
  const secret = newSecret();
  const [row] = await db
    .insert(deployTokens)
    .values({
      name: input.name,
      tokenHash: hashToken(secret),
      areas: input.areas,
      expiresAt: sql`clock_timestamp() + make_interval(days => ${input.expiresInDays})`,
      createdBy: by,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw tableError(RELEASE_ERRORS, 'TOKEN_NAME_IN_USE');
  return { token: tokenDto(row), secret };
}

/** Revokes a named token at once, for every instance; the startup token is replaced only by a start. */
export async function revokeDeployToken(db: Executor, id: string, by: string) {
  const [row] = await db.select().from(deployTokens).where(eq(deployTokens.id, id));
  if (!row) throw tableError(RELEASE_ERRORS, 'TOKEN_NOT_FOUND');
  if (row.name === STARTUP_TOKEN_NAME) {
    throw tableError(RELEASE_ERRORS, 'STARTUP_TOKEN');
  }
  const [revoked] = await db
    .update(deployTokens)
    .set({ revokedAt: new Date(), revokedBy: by })
    .where(and(eq(deployTokens.id, id), isNull(deployTokens.revokedAt)))
    .returning();
  if (!revoked) throw tableError(RELEASE_ERRORS, 'TOKEN_REVOKED');
  return tokenDto(revoked);
}
