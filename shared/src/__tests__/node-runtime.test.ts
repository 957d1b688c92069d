import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { NODE_MAJOR } from '@wallet/shared/node-runtime';

/**
 * The project runs on one Node (24 LTS, the root's `node` devDependency): every program it starts
 * says so and stops on another, and no code starts a child on a bare `node` from the PATH, which
 * on the machines here is Node 20.
 */
const root = path.resolve(__dirname, '../../..');
const rootPackage = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};
const run = promisify(execFile);

test('the Node it runs on is the one the project installs, and engines and the module agree on it', () => {
  expect(rootPackage.engines.node).toBe(`>=${NODE_MAJOR}`);
  const pinned = rootPackage.devDependencies.node!;
  expect(pinned).toMatch(new RegExp(`^${NODE_MAJOR}\\.\\d+\\.\\d+$`));
  // `pnpm test` puts node_modules/.bin/node (that package's binary) first on the PATH.
  expect(process.versions.node).toBe(pinned);
  expect(
    execFileSync(path.join(root, 'node_modules', '.bin', 'node'), ['--version'], { encoding: 'utf8' }).trim(),
  ).toBe(`v${pinned}`);
});

/** Every program the project starts, as it is started (TypeScript through tsx, as the API's scripts do). */
const TSX = ['--import', pathToFileURL(require.resolve('tsx')).href];
const PROGRAMS: { name: string; args: string[]; cwd?: string }[] = [
  { name: 'pnpm start', args: ['scripts/start.mjs'] },
  { name: 'The release commands', args: ['scripts/release.mjs', 'releases'] },
  { name: "The API's build", args: ['scripts/build.mjs'], cwd: 'api' },
  { name: 'The API', args: [...TSX, 'src/server.ts'], cwd: 'api' },
  { name: 'The API suite', args: [...TSX, 'test/run.ts'], cwd: 'api' },
  { name: 'bench:db', args: [...TSX, 'bench/db.ts'], cwd: 'api' },
  { name: 'The front-end build', args: ['-e', "require('./shared/src/build/webpack-preset.js')"] },
  { name: 'Jest', args: ['-e', "require('./shared/src/build/jest-preset.js')"] },
  { name: 'The pre-render', args: ['shared/src/build/prerender-run.js'] },
  { name: 'The end-to-end specs', args: [...TSX, '-e', "require('./playwright.config.ts')"], cwd: 'e2e' },
  { name: 'The OpenID provider of the end-to-end specs', args: ['support/oidc-provider.mjs'], cwd: 'e2e' },
  { name: 'The duplicate check', args: ['scripts/duplicates.mjs'] },
];

describe('on another Node, every program says so and stops before doing anything', () => {
  // This Node, made to say it is 20.20.2: the machine's own Node need not be there to prove it.
  const fake = path.join(mkdtempSync(path.join(tmpdir(), 'wallet-node-')), 'node-20.cjs');
  writeFileSync(fake, "Object.defineProperty(process.versions, 'node', { value: '20.20.2' });\n");

  test.each(PROGRAMS)('$name', async ({ name, args, cwd }) => {
    const outcome = await run(process.execPath, ['--require', fake, ...args], {
      cwd: path.join(root, cwd ?? ''),
      env: { ...process.env, PORT: '1', DATA_DIR: path.dirname(fake) },
      timeout: 60_000,
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toContain(
      `${name} runs on Node ${NODE_MAJOR}, the project's Node, but this is Node 20.20.2`,
    );
  });

  test("the machine's own Node, where it is another, is stopped at pnpm start", () => {
    const machine = ['/usr/bin/node', '/usr/local/bin/node'].find((candidate) => {
      try {
        return execFileSync(candidate, ['--version'], { encoding: 'utf8' }).trim() !== process.version;
      } catch {
        return false;
      }
    });
    if (!machine) return; // this machine has no Node but the project's
    let stderr = '';
    try {
      execFileSync(machine, ['scripts/start.mjs'], { cwd: root, stdio: 'pipe', timeout: 30_000 });
    } catch (error) {
      stderr = String((error as { stderr: Buffer }).stderr);
    }
    expect(stderr).toContain(`pnpm start runs on Node ${NODE_MAJOR}, the project's Node, but this is Node `);
  });
});

test('no code starts a child on a bare node, npx or a .bin shim (which run the PATH’s node)', () => {
  const files = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.js', '*.mjs', '*.cjs'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => file && !file.startsWith('shared/src/__tests__/node-runtime.test.ts'));
  const bare = [
    // spawn('node', …), execFileSync("npx", …), exec(`node …`)
    /\b(?:spawn|spawnSync|exec|execSync|execFile|execFileSync|fork)\(\s*['"`](?:node|npx|pnpm|tsx)\b/,
    // Playwright's webServer and the like: a command line that starts with node or npx
    /\bcommand:\s*['"`](?:node|npx|pnpm|tsx)\s/,
    // path.join(…, 'node_modules', '.bin', …): a shim that runs `node` from the PATH
    /['"]\.bin['"]/,
  ];
  const offenders = files.flatMap((file) =>
    readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .map((line, index) => ({ line, at: `${file}:${index + 1}` }))
      .filter(({ line }) => bare.some((pattern) => pattern.test(line)))
      .map(({ at, line }) => `${at}: ${line.trim()}`),
  );
  expect(offenders).toEqual([]);
});
