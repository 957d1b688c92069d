// @ts-check
/**
 * The one Node.js the project runs on: Node 24 LTS, installed by `pnpm install` as the root's
 * `node` devDependency (a binary inside a registry package), so that every `pnpm` script, and
 * every child it starts with `process.execPath`, runs on it whatever Node the machine has.
 *
 * Plain CommonJS with no imports, so that an entry point can call it first on any Node, the
 * machine's old one included, and say why it stops instead of failing somewhere later.
 * `NODE_MAJOR` is held to the root package.json's `engines` and `node` devDependency by a test.
 */
const NODE_MAJOR = 24;

/**
 * Stops the process, with a message that says what to do, when it runs on a Node other than the
 * project's. Call it before anything else in every program the project starts.
 * @param {string} program what is starting, for the message (`pnpm start`, `the API`)
 */
function requireProjectNode(program) {
  const version = process.versions.node;
  if (Number(version.split('.')[0]) === NODE_MAJOR) return;
  process.stderr.write(
    `${program} runs on Node ${NODE_MAJOR}, the project's Node, but this is Node ${version} (${process.execPath}).\n` +
      `Run it through pnpm, which puts the project's Node first on the PATH: npx -y pnpm@10 install, then the pnpm command ` +
      `(npx -y pnpm@10 start, npx -y pnpm@10 test); a child process is started with process.execPath, never a bare 'node'.\n`,
  );
  process.exit(1);
}

module.exports = { NODE_MAJOR, requireProjectNode };
