import { describe, it } from 'node:test';
import { expect } from 'expect';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { envSchema } from '../src/config';

/** Docs that a test keeps true: what the code reads is written down where people look for it. */
describe('the docs', () => {
  it('should list every setting the API reads in .env.example', () => {
    const example = readFileSync(path.resolve(__dirname, '../.env.example'), 'utf8');
    // A setting counts as listed with its value (KEY=...) or commented out (# KEY=...).
    const listed = new Set([...example.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]));
    // NODE_ENV is the runtime's own: production or not, set by whoever starts the process.
    const missing = Object.keys(envSchema.shape).filter((key) => key !== 'NODE_ENV' && !listed.has(key));
    expect(missing).toEqual([]);
  });
});
