import { APP_NAMES, type AppName } from '@wallet/shared/areas';
import type { AdminUserRow, Counterpart, Role, Transaction, User, Wallet } from '@wallet/shared/contracts';
import type { AreaReleases, CandidateRelease, Release, ReleaseSwitch } from '@wallet/shared/contracts/releases';

/** A valid id that says which fixture it belongs to: `fixtureId(7)` ends in 7. */
export const fixtureId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function user(fields: Partial<User> = {}): User {
  return {
    _id: '0b7d4f1e-7c1a-4c39-9d7f-3b2f8f0b1a01',
    name: 'Rahim',
    email: 'rahim@example.com',
    role: 'USER',
    isActive: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    emailVerified: true,
    tier: 'EMAIL_VERIFIED',
    pinSet: true,
    googleOnly: false,
    pinLockedUntil: null,
    pinResetHoldUntil: null,
    language: null,
    languageChosenAt: null,
    ...fields,
  };
}

export const agent = (fields: Partial<User> = {}) =>
  user({ name: 'Agent Ali', email: 'ali@example.com', role: 'AGENT', ...fields });

export const admin = (fields: Partial<User> = {}) =>
  user({ name: 'Admin', email: 'admin@example.com', role: 'ADMIN', ...fields });

export const withRole = (role: Role) => ({ USER: user, AGENT: agent, ADMIN: admin })[role]();

/** How a transaction names a person. */
export const party = ({ _id, name }: Pick<User, '_id' | 'name'>) => ({ _id, name });

export function walletOf(owner: Pick<User, '_id'>, fields: Partial<Wallet> = {}): Wallet {
  const balance = fields.balance ?? 50;
  const held = fields.held ?? 0;
  return {
    _id: '11111111-1111-4111-8111-111111111111',
    userId: owner._id,
    balance,
    available: fields.available ?? Math.round((balance - held) * 100) / 100,
    held,
    isBlocked: false,
    ...fields,
  };
}

/** Transaction `n` moves n Taka from "Sender n" to "Receiver n". */
export function transaction(n: number, fields: Partial<Transaction> = {}): Transaction {
  return {
    _id: fixtureId(5000 + n),
    type: 'transfer',
    status: 'completed',
    balance: n,
    fee: 0,
    commission: 0,
    reversedBy: null,
    reverses: null,
    dispute: null,
    createdAt: '2025-03-01T10:00:00.000Z',
    sender: { _id: fixtureId(1), name: `Sender ${n}` },
    receiver: { _id: fixtureId(2), name: `Receiver ${n}` },
    ...fields,
  };
}

/** Someone a money form's picker offers. */
export const counterpart = (n: number, name: string, role: Counterpart['role'] = 'USER'): Counterpart => ({
  _id: fixtureId(n),
  name,
  email: `${name.toLowerCase()}@example.com`,
  role,
});

/** A row of the admin's people lists: "Person n", with a wallet of 50 Taka. */
export function adminUserRow(n: number, fields: Partial<AdminUserRow> = {}): AdminUserRow {
  return {
    ...user({ _id: fixtureId(n), name: `Person ${n}`, email: `person${n}@example.com`, role: 'USER' }),
    wallet: { _id: fixtureId(1000 + n), balance: 50, isBlocked: false },
    ...fields,
  };
}

/**
 * Release 1.0.n of `area`, published from this site by the token `ci` on day n of April 2025, seen
 * n × 1,000 times with n × n errors (n errors per 1,000 views), from n × 10 networks.
 */
export function release(area: AppName, n: number, fields: Partial<Release> = {}): Release {
  const version = `1.0.${n}`;
  return {
    _id: fixtureId(100_000 * (APP_NAMES.indexOf(area) + 1) + n),
    area,
    version,
    manifestUrl: `/releases/${area}/${version}/mf-manifest.json`,
    origin: 'self',
    integrity: `sha256-${btoa(`${area} ${version}`.padEnd(32, '.'))}`,
    createdAt: `2025-04-${String(n).padStart(2, '0')}T09:00:00.000Z`,
    createdBy: 'token ci',
    views: n * 1_000,
    errors: n * n,
    networks: n * 10,
    ...fields,
  };
}

/** Release 1.0.n of `area` rolling out to 25% of visitors since noon of the day it was published, by Nadia. */
export function candidateRelease(area: AppName, n: number, fields: Partial<CandidateRelease> = {}): CandidateRelease {
  return {
    release: release(area, n),
    audience: 'share',
    share: 25,
    since: `2025-04-${String(n).padStart(2, '0')}T12:00:00.000Z`,
    by: 'nadia@example.com',
    ...fields,
  };
}

/** Switch `n` of `area`: 1.0.2 → 1.0.3 switched outright by the token `ci` on day n of April 2025. */
export function releaseSwitch(area: AppName, n: number, fields: Partial<ReleaseSwitch> = {}): ReleaseSwitch {
  return {
    _id: fixtureId(100_000 * (APP_NAMES.indexOf(area) + 1) + 50_000 + n),
    area,
    kind: 'switch',
    share: null,
    from: '1.0.2',
    to: '1.0.3',
    switchedBy: 'token ci',
    switchedAt: `2025-04-${String(n).padStart(2, '0')}T10:00:00.000Z`,
    ...fields,
  };
}

/**
 * `area` with releases 1.0.1 to 1.0.`count` (newest first), 1.0.`live` live since it was
 * published, and 1.0.`candidate` rolling out beside it: to `share` percent of visitors, or (share
 * null) previewed by admins.
 */
export function areaReleases(
  area: AppName,
  {
    count = 3,
    live = count,
    candidate = null,
    share = 25,
  }: { count?: number; live?: number | null; candidate?: number | null; share?: number | null } = {},
): AreaReleases {
  const releases = Array.from({ length: count }, (_, i) => release(area, count - i));
  const current = live === null ? null : release(area, live);
  return {
    area,
    live: current,
    liveSince: current?.createdAt ?? null,
    liveBy: current ? 'token ci' : null,
    candidate:
      candidate === null
        ? null
        : candidateRelease(area, candidate, { audience: share === null ? 'admins' : 'share', share }),
    releases,
    switches: [],
  };
}
