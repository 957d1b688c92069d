#!/usr/bin/env node
// The release commands, against a running site (any instance: they share the database):
//
//   pnpm release <area> [--no-activate | --share <percent> | --preview] [--url <manifest URL>] [--version <name>]
//       builds the area (or the host), copies its build under RELEASES_DIR/<area>/<version>/ (a
//       new, immutable folder) and publishes it; live on the next page load unless --no-activate;
//       with --share, live for that percentage of visitors only; with --preview, for admins only.
//       With --url, registers a release served elsewhere (a CDN, another origin): no build.
//   pnpm promote <area>               the release rolling out becomes live for everyone
//   pnpm releases                     every area's live release, its rollout and its earlier ones
//   pnpm rollback <area> [version]    ends a rollout; with none, back to the release live before
//                                     (or to <version>)
//   pnpm deploy-token create <name> --areas <a,b> [--days <n>]   a token for a pipeline (secret shown once)
//   pnpm deploy-token list            every token: areas, expiry, last use, revoked or not
//   pnpm deploy-token revoke <name>   revoked at once, on every instance
//
// Where: API_URL (default http://127.0.0.1:$PORT, PORT 3000), RELEASES_DIR (default
// api/<DATA_DIR>/releases, DATA_DIR .data, as the API resolves them). Who: DEPLOY_TOKEN (the
// site's `startup` token, or a named one for its areas), or the token the embedded database's site
// writes to api/<DATA_DIR>/deploy-token at every start. Tokens are managed with the startup token.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireProjectNode } from '../shared/src/runtime/node.js';

requireProjectNode('The release commands');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const APPS = JSON.parse(readFileSync(path.join(root, 'shared', 'src', 'areas.json'), 'utf8'));
const apiDir = path.join(root, 'api');
const dataDir = path.resolve(apiDir, process.env.DATA_DIR ?? '.data');
const releasesDir = path.resolve(apiDir, process.env.RELEASES_DIR ?? path.join(dataDir, 'releases'));
const apiUrl = (process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`).replace(/\/$/, '');

function fail(message) {
  console.error(message);
  process.exit(1);
}

function deployToken() {
  if (process.env.DEPLOY_TOKEN) return process.env.DEPLOY_TOKEN;
  const file = path.join(dataDir, 'deploy-token');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  return fail(`No deploy token: set DEPLOY_TOKEN, or start the site (it writes ${file}).`);
}

async function api(method, url, body) {
  let response;
  try {
    response = await fetch(`${apiUrl}/api/v1/releases${url}`, {
      method,
      headers: {
        authorization: `Bearer ${deployToken()}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch {
    return fail(`The site does not answer at ${apiUrl} (set API_URL, or start it with pnpm start).`);
  }
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) fail(`${response.status}: ${answer.message ?? 'the release service refused'}`);
  return answer.data;
}

function area(name) {
  if (!name || !APPS[name]) fail(`Which area? One of: ${Object.keys(APPS).join(', ')}.`);
  return name;
}

function option(args, name) {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

/** How a published release goes live: for everyone, for a share of visitors, for admins, or not yet. */
function goLive(args) {
  const share = option(args, '--share');
  if (share !== undefined) {
    const percent = Number(share);
    if (!Number.isInteger(percent) || percent < 1 || percent > 99) fail('--share takes a whole percentage, 1 to 99.');
    return {
      activate: false,
      rollout: { audience: 'share', share: percent },
      said: `live for ${percent}% of visitors`,
    };
  }
  if (args.includes('--preview'))
    return { activate: false, rollout: { audience: 'admins' }, said: 'live for admins only' };
  const activate = !args.includes('--no-activate');
  return { activate, said: activate ? 'live' : 'published, not live' };
}

async function publish(name, body, how) {
  await api('POST', '', { ...body, activate: how.activate });
  if (how.rollout) await api('POST', `/${name}/rollout`, { version: body.version, ...how.rollout });
}

async function release(args) {
  const name = area(args[0]);
  const how = goLive(args);
  const url = option(args, '--url');
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
  if (url) {
    const version = option(args, '--version') ?? `url-${stamp}`;
    await publish(name, { area: name, version, url }, how);
    return console.log(`${name} ${version} registered at ${url}: ${how.said}`);
  }
  const dir = path.join(root, APPS[name].package);
  const started = Date.now();
  // Named before the build: the host's code must know the path it is served under.
  const version = option(args, '--version') ?? `${stamp}-${randomBytes(4).toString('hex')}`;
  const target = path.join(releasesDir, name, version);
  if (existsSync(target)) fail(`${target} exists already: a release is never overwritten.`);
  // Built aside, never into dist/: the running site may still serve the checkout's build.
  const output = mkdtempSync(path.join(tmpdir(), `wallet-release-${name}-`));
  // On this process's Node (the project's), not on a `node` from the PATH.
  const build = spawnSync(
    process.execPath,
    [
      createRequire(path.join(dir, 'package.json')).resolve('webpack-cli/bin/cli.js'),
      '--mode',
      'production',
      '--stats',
      'errors-warnings',
      '--output-path',
      output,
    ],
    {
      cwd: dir,
      stdio: 'inherit',
      env: { ...process.env, ...(name === 'host' ? { PUBLIC_PATH: `/releases/host/${version}/` } : {}) },
    },
  );
  if (build.status !== 0) fail(`The build of ${name} failed.`);
  cpSync(output, target, { recursive: true });
  rmSync(output, { recursive: true, force: true });
  await publish(name, { area: name, version }, how);
  console.log(`${name} ${version}: ${how.said} (built and copied in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

async function list() {
  for (const entry of await api('GET', '')) {
    const live = entry.live ? `${entry.live.version} (since ${entry.liveSince} by ${entry.liveBy})` : 'none';
    console.log(`${entry.area.padEnd(7)} live: ${live}`);
    if (entry.candidate) {
      const to = entry.candidate.audience === 'admins' ? 'admins' : `${entry.candidate.share}% of visitors`;
      console.log(`        rolling out: ${entry.candidate.release.version} to ${to} (since ${entry.candidate.since})`);
    }
    for (const published of entry.releases) {
      const mark = published.version === entry.live?.version ? '*' : ' ';
      const from = published.origin === 'self' ? 'this site' : published.origin;
      console.log(
        `   ${mark} ${published.version.padEnd(28)} ${published.createdAt}  ${published.createdBy}  from ${from}  ${published.integrity ?? 'no hash'}`,
      );
    }
  }
}

async function rollback(args) {
  const name = area(args[0]);
  if (args[1]) {
    await api('POST', `/${name}/activate`, { version: args[1] });
    return console.log(`${name} is now on ${args[1]}`);
  }
  const state = await api('POST', `/${name}/rollback`);
  console.log(`${name} is now on ${state.live.version} for everyone`);
}

async function promote(args) {
  const name = area(args[0]);
  const state = await api('POST', `/${name}/promote`);
  console.log(`${name} is now on ${state.live.version} for everyone`);
}

const status = (token) =>
  token.revokedAt
    ? `revoked ${token.revokedAt}`
    : token.expiresAt && Date.parse(token.expiresAt) < Date.now()
      ? 'expired'
      : 'active';

async function tokens(args) {
  const [action, name] = args;
  if (action === 'list') {
    for (const token of await api('GET', '/tokens')) {
      const expires = token.expiresAt ? `expires ${token.expiresAt}` : 'until the next start';
      console.log(
        `${token.name.padEnd(24)} ${token.areas.join(',').padEnd(28)} ${expires.padEnd(36)} last used ${token.lastUsedAt ?? 'never'}  ${status(token)}`,
      );
    }
    return;
  }
  if (!name) fail('Which token? Give its name.');
  if (action === 'create') {
    const areas = (option(args, '--areas') ?? '').split(',').filter(Boolean);
    if (areas.length === 0) fail(`Which areas may it release? --areas with some of: ${Object.keys(APPS).join(', ')}.`);
    const expiresInDays = Number(option(args, '--days') ?? 90);
    const created = await api('POST', '/tokens', { name, areas, expiresInDays });
    console.log(`${name}: may release ${areas.join(', ')} until ${created.token.expiresAt}`);
    console.log(`DEPLOY_TOKEN=${created.secret}`);
    console.log('Copy it now: it is not shown again.');
    return;
  }
  if (action === 'revoke') {
    const token = (await api('GET', '/tokens')).find((candidate) => candidate.name === name && !candidate.revokedAt);
    if (!token) fail(`No usable token named ${name}.`);
    await api('DELETE', `/tokens/${token._id}`);
    return console.log(`${name} is revoked`);
  }
  fail('Usage: deploy-token create <name> --areas <a,b> [--days <n>] | list | revoke <name>');
}

const [command, ...args] = process.argv.slice(2);
const commands = { release, releases: list, rollback, promote, 'deploy-token': tokens };
if (!commands[command])
  fail(
    'Usage: release <area> [--no-activate | --share N | --preview] [--url URL] | promote <area> | releases | rollback <area> [version] | deploy-token create|list|revoke',
  );
await commands[command](args);
