import { scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { type Algorithm, hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { AUTH_ERRORS } from '@wallet/shared/contracts';
import { tableError } from '../lib/api-errors';

/**
 * How hard a password hash is: Argon2id's memory (KiB) and passes, with one lane. The default is
 * OWASP's first recommendation, m=19 MiB, t=2, p=1. The hash is stored as a PHC string with its
 * parameters (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`), so they can change: a hash made with other
 * parameters, or by the scrypt this replaced, still verifies and is remade at the next sign-in.
 */
export interface PasswordCost {
  memoryKiB: number;
  passes: number;
}

export const DEFAULT_PASSWORD_COST: PasswordCost = { memoryKiB: 19 * 1024, passes: 2 };
/** The library's `Algorithm.Argon2id`: its enum is a `const enum`, which isolated modules cannot read. */
const ARGON2ID: Algorithm.Argon2id = 2;

export function hashPassword(password: string, cost: PasswordCost = DEFAULT_PASSWORD_COST): Promise<string> {
  return argon2Hash(password.normalize('NFKC'), {
    algorithm: ARGON2ID,
    memoryCost: cost.memoryKiB,
    timeCost: cost.passes,
    parallelism: 1,
  });
}

/** scrypt, as passwords were hashed before Argon2id: `scrypt$N$r$p$salt$key`, verified only. */
function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, cost, blockSize, parallelism, salt, expected] = stored.split('$');
  if (!salt || !expected) return Promise.resolve(false);
  const [N, r, p] = [Number(cost), Number(blockSize), Number(parallelism)];
  const expectedKey = Buffer.from(expected, 'base64');
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scryptCallback(
      password.normalize('NFKC'),
      Buffer.from(salt, 'base64'),
      expectedKey.length,
      options,
      (error, key) =>
        error ? reject(error) : resolve(key.length === expectedKey.length && timingSafeEqual(key, expectedKey)),
    ),
  );
}

async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('scrypt$')) return verifyScrypt(password, stored);
  if (!stored.startsWith('$argon2id$')) return false;
  return argon2Verify(stored, password.normalize('NFKC')).catch(() => false);
}

/** Whether a stored hash was made otherwise than `cost` says today (another algorithm or parameters). */
export function needsRehash(stored: string, cost: PasswordCost): boolean {
  return !stored.startsWith(`$argon2id$v=19$m=${cost.memoryKiB},t=${cost.passes},p=1$`);
}

interface Waiting {
  run: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const busy = () => tableError(AUTH_ERRORS, 'SIGN_INS_BUSY');

/**
 * Password hashing, bounded and fair. Argon2id runs on libuv's small thread pool, which the site's
 * file reads share: a login flood must not queue up behind it without end. At most `concurrency`
 * hashes run at once and at most `queue` wait; past that a request is turned away at once (503)
 * instead of stalling everything else. The queue is shared fairly among the clients asking
 * (`owner`, their address): each may have at most `perOwner` waiting, and a free slot goes to the
 * owners in turn, not first come first served, so one address flooding sign-in is turned away
 * while everyone else keeps signing in.
 */
export class PasswordHasher {
  private running = 0;
  private waitingCount = 0;
  /** Each owner's waiting jobs; the map's order is the turn order (an owner served goes to the back). */
  private readonly waiting = new Map<string, Waiting[]>();

  constructor(
    readonly cost: PasswordCost,
    private readonly limits: { concurrency: number; queue: number; perOwner: number },
  ) {}

  private run<T>(owner: string, job: () => Promise<T>): Promise<T> {
    if (this.running < this.limits.concurrency) return this.start(job) as Promise<T>;
    const mine = this.waiting.get(owner) ?? [];
    if (this.waitingCount >= this.limits.queue || mine.length >= this.limits.perOwner) return Promise.reject(busy());
    return new Promise<T>((resolve, reject) => {
      mine.push({ run: job, resolve: resolve as (value: unknown) => void, reject });
      this.waiting.set(owner, mine);
      this.waitingCount += 1;
    });
  }

  private start(job: () => Promise<unknown>) {
    this.running += 1;
    return job().finally(() => {
      this.running -= 1;
      this.next();
    });
  }

  /** The next owner in turn runs their oldest job, and goes to the back of the line. */
  private next() {
    const first = this.waiting.entries().next();
    if (first.done) return;
    const [owner, jobs] = first.value;
    const job = jobs.shift()!;
    this.waiting.delete(owner);
    if (jobs.length > 0) this.waiting.set(owner, jobs);
    this.waitingCount -= 1;
    this.start(job.run).then(job.resolve, job.reject);
  }

  /** `owner`: whose turn this is (the client's address, as rate limits count it). */
  hash(owner: string, password: string) {
    return this.run(owner, () => hashPassword(password, this.cost));
  }

  verify(owner: string, password: string, stored: string) {
    return this.run(owner, () => verifyPassword(password, stored));
  }
}
