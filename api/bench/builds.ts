/**
 * bench:db's builds: a checkout's API started as its own `pnpm start` starts it, and its people
 * made through its own HTTP API as a person would make them. Used by bench/db.ts; run alone it
 * does nothing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Mailbox } from '../test/mailbox';
// The harness's PIN: the bench sends one PIN whichever way its people were made.
import { type Person, PIN } from './harness';

/** How long a build's `pnpm start` may take: the first builds every front end (minutes on 2 cores). */
const START_TIMEOUT_MS = 20 * 60_000;

/**
 * `root`'s scripts/start.mjs, as `pnpm start` runs it (it builds what is stale, then runs the
 * API with SITE_ROOT set to the checkout), with `env` (DATABASE_URL and the rest), in production,
 * on `port`. Its releases go to a folder of its own (DATA_DIR), removed when it stops, so one run
 * leaves nothing in the checkout but the builds. Resolves once it prints that it is running.
 */
export function startSite(root: string, env: Record<string, string>, port: number): Promise<ChildProcess> {
  const script = path.join(root, 'scripts', 'start.mjs');
  if (!existsSync(script)) throw new Error(`${root} has no scripts/start.mjs: BENCH_SITE needs one`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wallet-bench-site-'));
  // BENCH_API_NODE_ARGS (e.g. --cpu-prof) reach the API through NODE_OPTIONS, as start.mjs passes
  // its environment on; the flags there are those NODE_OPTIONS allows.
  const nodeArgs = process.env.BENCH_API_NODE_ARGS;
  // The checkout's own Node where it installs one (the `node` package): Node also looks for
  // packages in the pnpm store it was installed into (its global paths), and a front end's build
  // finds one there that it does not list itself (react-router, for the pre-rendered pages), so
  // another checkout's Node would mix two installs (two Reacts). Otherwise this bench's Node. The
  // binary itself, not node_modules/.bin/node: that is a shell script that runs it as a child and
  // passes no signal on, so stopping it left the site running.
  const ownNode = path.join(root, 'node_modules', 'node', 'bin', 'node');
  const child = spawn(existsSync(ownNode) ? ownNode : process.execPath, [script], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      // The bench's admin verifies the people it makes by password, through the API: a staff
      // member's second factor (a passkey, which a bench has no authenticator for) is a gate on
      // staff routes alone, and no movement passes through it, so the money path is the same.
      STAFF_SECOND_FACTOR: 'optional',
      ...env,
      ...(nodeArgs ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} ${nodeArgs}`.trim() } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own, stopped whole (stopProcess): an older start.mjs runs its API
    // through tsx, whose child outlived the SIGTERM passed on and kept the port.
    detached: true,
  });
  groups.add(child);
  child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  let said = '';
  const keep = (chunk: Buffer) => (said = (said + chunk.toString()).slice(-8000));
  child.stderr!.on('data', keep);
  console.log(`starting ${root} through scripts/start.mjs on port ${port} (it builds what is stale first)`);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`${script} did not say it was running within ${START_TIMEOUT_MS / 60_000} min: ${said}`));
    }, START_TIMEOUT_MS);
    child.stdout!.on('data', (chunk: Buffer) => {
      keep(chunk);
      if (said.includes('Digital Wallet is running')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}: ${said}`));
    });
  });
}

/** Sites started in a process group of their own, stopped as a group. */
const groups = new WeakSet<ChildProcess>();

/**
 * A child stopped as an operator stops `pnpm start` (SIGTERM, passed on to the API), and waited
 * for; a site's whole process group, so nothing it started keeps running.
 */
export async function stopProcess(child: ChildProcess) {
  const signal = (name: NodeJS.Signals) => {
    try {
      if (groups.has(child) && child.pid) process.kill(-child.pid, name);
      else child.kill(name);
    } catch {
      // Already gone.
    }
  };
  if (child.exitCode !== null || child.signalCode !== null) {
    signal('SIGKILL');
    return;
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
  // What the group still holds once its leader is gone (an API that did not hear the SIGTERM).
  if (groups.has(child)) await new Promise((resolve) => setTimeout(resolve, 2_000)).then(() => signal('SIGKILL'));
}

/** What a build's API offers, found by asking its routes (a 404 means it has no such step). */
export interface Features {
  verification: boolean;
  pin: boolean;
  kyc: boolean;
}

interface Answer {
  status: number;
  body: { data?: { _id?: string; balance?: number } } | null;
  cookie: string | null;
}

/** The password of every person the bench signs up. */
const PASSWORD = 'bench password of a person';

export class Site {
  private adminCookie: string | null = null;

  constructor(
    readonly base: string,
    private readonly admin: { email: string; password: string },
  ) {}

  async call(method: string, route: string, body?: unknown, cookie?: string | null): Promise<Answer> {
    const response = await fetch(`${this.base}/api/v1${route}`, {
      method,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: body === undefined ? (method === 'GET' ? undefined : '{}') : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: Answer['body'] = null;
    try {
      parsed = JSON.parse(text) as Answer['body'];
    } catch {
      // Not JSON: left null, the status tells.
    }
    // The session cookie, whatever the build names it: the one with "session" in its name.
    const session = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .find((pair) => /session/i.test(pair.split('=')[0]!) && pair.split('=')[1]);
    return { status: response.status, body: parsed, cookie: session ?? null };
  }

  /** `call`, which must answer `expected`; anything else is thrown with what it said. */
  async must(expected: number, method: string, route: string, body?: unknown, cookie?: string | null) {
    const answer = await this.call(method, route, body, cookie);
    if (answer.status !== expected) {
      throw new Error(`${method} ${route}: ${answer.status} (expected ${expected}) ${JSON.stringify(answer.body)}`);
    }
    return answer;
  }

  /** Which steps this build has: each route asked without a session, where a 404 means none. */
  async features(): Promise<Features> {
    const has = async (method: string, route: string) => (await this.call(method, route, {})).status !== 404;
    return {
      verification: await has('POST', '/auth/verify-email'),
      pin: await has('PUT', '/user/pin'),
      kyc: await has('POST', '/user/kyc-request'),
    };
  }

  private async adminSession() {
    this.adminCookie ??= (await this.must(200, 'POST', '/auth/login', this.admin)).cookie;
    return this.adminCookie;
  }

  /**
   * One person as a person makes themselves: signed up, their email verified from the link mailed
   * to them (where the build verifies), approved as an agent by the admin (for an agent), signed
   * in, their wallet PIN set with their password (where the build has PINs).
   */
  async makePerson(
    features: Features,
    mailbox: Mailbox,
    email: string,
    role: 'USER' | 'AGENT',
    kyc: boolean,
  ): Promise<Person> {
    const name = `Bench ${email.split('@')[0]!.replace(/\W/g, ' ')}`;
    const registered = await this.must(201, 'POST', '/user/register', { name, email, password: PASSWORD });
    const id = registered.body?.data?._id;
    if (!id) throw new Error(`sign-up answered no id: ${JSON.stringify(registered.body)}`);
    if (features.verification) {
      await this.must(200, 'POST', '/auth/verify-email', { token: await mailedToken(mailbox, email) });
    }
    if (role === 'AGENT') await this.must(200, 'PATCH', `/admin/approve/${id}`, undefined, await this.adminSession());
    const signedIn = await this.must(200, 'POST', '/auth/login', { email, password: PASSWORD });
    if (!signedIn.cookie) throw new Error(`signing in ${email} set no session cookie`);
    if (features.pin) await this.must(200, 'PUT', '/user/pin', { pin: PIN, password: PASSWORD }, signedIn.cookie);
    if (kyc) {
      const asked = await this.must(201, 'POST', '/user/kyc-request', undefined, signedIn.cookie);
      await this.must(
        200,
        'PATCH',
        `/admin/kyc/${asked.body!.data!._id}`,
        // What was seen (the checklist issue 42 asks of an approval); a build before it ignores the field.
        { decision: 'approve', reason: 'bench: identity reviewed', checked: ['national_id'] },
        await this.adminSession(),
      );
    }
    return { id, cookie: signedIn.cookie };
  }

  /** `count` people of `role`, made 4 at a time (password hashing is the cost, on 2 cores). */
  async makePeople(
    features: Features,
    mailbox: Mailbox,
    count: number,
    role: 'USER' | 'AGENT',
    { kyc = false, tag }: { kyc?: boolean; tag: string },
  ): Promise<Person[]> {
    const people: Person[] = new Array<Person>(count);
    await Promise.all(
      Array.from({ length: 4 }, async (_, lane) => {
        for (let i = lane; i < count; i += 4) {
          people[i] = await this.makePerson(
            features,
            mailbox,
            `bench.${tag}.${role.toLowerCase()}.${i}@bench.example`,
            role,
            kyc && features.kyc,
          );
        }
      }),
    );
    return people;
  }
}

/** The verification link's token, from the bench's mailbox (the mail may land just after the answer). */
async function mailedToken(mailbox: Mailbox, email: string) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return mailbox.token(email);
    } catch (error) {
      if (attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
