import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { ERROR_TABLES, MOVEMENT_TYPES, REFUSALS } from '@wallet/shared/contracts';

const catalog = (language: 'en' | 'bn'): Record<string, string> =>
  JSON.parse(readFileSync(path.join(__dirname, '..', 'locales', language, 'errors.json'), 'utf8'));
const [en, bn] = [catalog('en'), catalog('bn')];

/** Every code of every table, with the message the API sends. */
const tables = Object.entries(ERROR_TABLES).flatMap(([table, entries]) =>
  Object.entries(entries as Record<string, { message: string }>).map(([code, { message }]) => ({
    table,
    code,
    message,
  })),
);

type Compiled = ReturnType<typeof compileMessage>;
/** The arguments a compiled message uses, and the choices of each `select`. */
function argumentsOf(compiled: Compiled, found = new Map<string, string[] | null>()) {
  if (!Array.isArray(compiled)) return found;
  for (const part of compiled) {
    if (typeof part === 'string') continue;
    const [name, format, choices] = part as [string, string?, Record<string, Compiled>?];
    // A select's choices, compiled (its `offset`, if any, is no choice).
    const options = Object.entries(choices ?? {}).filter(([, choice]) => Array.isArray(choice));
    found.set(name, format === 'select' ? options.map(([key]) => key) : (found.get(name) ?? null));
    for (const [, choice] of options) argumentsOf(choice, found);
  }
  return found;
}

describe("the errors' catalogs", () => {
  it('should hold in English exactly what the tables say, and nothing else', () => {
    const fromTables = Object.fromEntries(tables.map(({ code, message }) => [`error.${code}`, message]));
    expect(en).toEqual(fromTables);
  });

  it.each(tables)('should word $code of $table in both languages', ({ code }) => {
    expect(en[`error.${code}`]).toEqual(expect.any(String));
    expect(bn[`error.${code}`]).toEqual(expect.any(String));
  });

  it.each(Object.keys(en))('should give %s in Bangla the figures of the English, and no Latin words', (id) => {
    const english = argumentsOf(compileMessage(en[id]!));
    const bangla = argumentsOf(compileMessage(bn[id]!));
    expect([...bangla.keys()].sort()).toEqual([...english.keys()].sort());
    // A movement type is chosen among the types, by their ICU keys (cash-out as cash_out).
    if (english.has('movement')) {
      expect(bangla.get('movement')).toEqual(
        expect.arrayContaining([...MOVEMENT_TYPES.map((type) => type.replace(/-/g, '_')), 'other']),
      );
    }
    // A select's keys (a movement type, the unit of a wait) are names, not words people read.
    const words = bn[id]!.replace(/\{\w+, select,|(?<=(?:select,|\})\s*)\w+(?=\s*\{)|\{\w+|[{}]/g, '');
    expect(words).not.toMatch(/[A-Za-z]/);
  });

  it('should know the refusals whose figures are Taka', () => {
    const taka = Object.entries(REFUSALS as Record<string, { figures?: string }>)
      .filter(([, entry]) => entry.figures === 'taka')
      .map(([code]) => code);
    for (const code of taka) expect(bn[`error.${code}`]).toMatch(/\{\w+\}৳/);
  });
});
