import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A secret the embedded database keeps beside its data: made once into DATA_DIR/<file> (32 random
 * bytes, readable by the owner alone) and read from there ever after. Two instances starting at
 * once keep the first one written. On DATABASE_URL every secret comes from the environment.
 */
export async function embeddedSecret(dataDir: string, file: string) {
  const at = path.resolve(dataDir, file);
  try {
    return (await readFile(at, 'utf8')).trim();
  } catch {
    const secret = randomBytes(32).toString('base64url');
    await writeFile(at, `${secret}\n`, { mode: 0o600, flag: 'wx' }).catch(async () => undefined);
    return (await readFile(at, 'utf8')).trim();
  }
}
