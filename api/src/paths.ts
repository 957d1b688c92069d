import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The API package's folder, whether this runs from its sources (src/...) under a TypeScript
 * loader or compiled into dist/server.js: the migrations and the ledger's SQL are read from there.
 */
function packageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const API_ROOT = packageRoot(__dirname);
