import { readFileSync } from 'node:fs';
import path from 'node:path';
import { englishCatalogs } from '@wallet/shared/lingui-preset';

const ROOT = path.join(__dirname, '..', '..', '..', '..');
/**
 * Every package whose screens have messages, and the prefix of its ids: the page has one table of
 * messages, so two apps' catalogs must never name the same id.
 */
const PREFIXES: Record<string, (folder: string, name: string) => string> = {
  shared: (folder, name) =>
    folder.includes('/ui/kit')
      ? 'kit'
      : folder.includes('/ui/wallet')
        ? 'wallet'
        : name === 'statement' // the API's PDF statement, beside its errors
          ? 'statement'
          : 'error',
  host: () => 'host',
  'remote-public': () => 'public',
  'remote-user': () => 'user',
  'remote-agent': () => 'agent',
  'remote-admin': () => 'admin',
  'remote-merchant': () => 'merchant',
};

const catalogs = Object.keys(PREFIXES).flatMap((pkg) =>
  englishCatalogs(path.join(ROOT, pkg))
    .filter(({ folder }) => !folder.includes('__tests__'))
    .map(({ folder, name }) => {
      const read = (language: string) =>
        JSON.parse(readFileSync(path.join(ROOT, pkg, folder, 'locales', language, `${name}.json`), 'utf8')) as Record<
          string,
          string
        >;
      return {
        pkg,
        folder,
        file: name,
        name: `${pkg}/${folder}/locales/*/${name}.json`,
        en: read('en'),
        bn: read('bn'),
      };
    }),
);

describe('message catalogs', () => {
  it('should find the catalogs of every app', () => {
    expect(new Set(catalogs.map(({ pkg }) => pkg))).toEqual(new Set(Object.keys(PREFIXES)));
  });

  it.each(catalogs)('should have the same keys in English and Bangla, and no empty message: $name', ({ en, bn }) => {
    expect(Object.keys(bn).sort()).toEqual(Object.keys(en).sort());
    expect(Object.entries(bn).filter(([, message]) => !message.trim())).toEqual([]);
  });

  it.each(catalogs)("should name its ids under its app's prefix: $name", ({ pkg, folder, file, en }) => {
    const prefix = `${PREFIXES[pkg]!(folder, file)}.`;
    expect(Object.keys(en).filter((id) => !id.startsWith(prefix))).toEqual([]);
  });

  it('should name each id in one catalog only', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const { name, en } of catalogs) {
      for (const id of Object.keys(en)) {
        if (seen.has(id)) twice.push(`${id} in ${seen.get(id)} and ${name}`);
        seen.set(id, name);
      }
    }
    expect(twice).toEqual([]);
  });
});
