import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { httpErrors } from '@fastify/sensible';

/** OWASP's scrypt baseline: N=2^17, r=8, p=1 (128 MiB). Stored with its parameters, so they can change. */
export const DEFAULT_SCRYPT_COST = 2 ** 17;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 64;

function scrypt(password: string, salt: Buffer, cost: number, blockSize: number, parallelism: number) {
  const options: ScryptOptions = {
    N: cost,
    r: blockSize,
    p: parallelism,
    maxmem: 256 * cost * blockSize + 1024 * 1024,
  };
  return new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string, cost = DEFAULT_SCRYPT_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, cost, BLOCK_SIZE, PARALLELISM);
  return ['scrypt', cost, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join('$');
}

async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algorithm, cost, blockSize, parallelism, salt, expected] = stored.split('$');
  if (algorithm !== 'scrypt' || !salt || !expected) return false;
  const expectedKey = Buffer.from(expected, 'base64');
  const key = await scrypt(password, Buffer.from(salt, 'base64'), Number(cost), Number(blockSize), Number(parallelism));
  return key.length === expectedKey.length && timingSafeEqual(key, expectedKey);
}

interface Waiting {
  run: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const busy = () => httpErrors.serviceUnavailable('Too many sign-ins at once. Please try again in a moment.');

/**
 * Password hashing, bounded and fair. scrypt runs on libuv's small thread pool, which the site's
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
    readonly cost: number,
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
