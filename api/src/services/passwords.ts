import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import fastq from 'fastq';
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

type HashJob = () => Promise<unknown>;

/**
 * Password hashing, bounded. scrypt runs on libuv's small thread pool, which the site's file
 * reads share: a login flood must not queue up behind it without end. At most `concurrency`
 * hashes run at once and at most `queue` wait; past that a request is turned away at once (503)
 * instead of stalling everything else.
 */
export class PasswordHasher {
  private readonly jobs: fastq.queueAsPromised<HashJob, unknown>;

  constructor(
    readonly cost: number,
    private readonly limits: { concurrency: number; queue: number },
  ) {
    this.jobs = fastq.promise((job: HashJob) => job(), limits.concurrency);
  }

  private run<T>(job: () => Promise<T>): Promise<T> {
    if (this.jobs.running() >= this.limits.concurrency && this.jobs.length() >= this.limits.queue) {
      return Promise.reject(httpErrors.serviceUnavailable('Too many sign-ins at once. Please try again in a moment.'));
    }
    return this.jobs.push(job) as Promise<T>;
  }

  hash(password: string) {
    return this.run(() => hashPassword(password, this.cost));
  }

  verify(password: string, stored: string) {
    return this.run(() => verifyPassword(password, stored));
  }
}
