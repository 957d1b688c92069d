import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AUDIT_ACTIONS, TRANSACTION_TYPES } from '@wallet/shared/contracts';

/**
 * The decisions' sentences that list the transaction types and the audit actions name exactly the
 * contract's arrays: a type or an action added to the contract without its doc fails here.
 */
const decisions = readFileSync(path.resolve(__dirname, '../../../docs/decisions.md'), 'utf8');

/** The backticked words of the bullet that starts with `lead`, up to the sentence's end. */
function listedAfter(lead: string, stop: RegExp) {
  const start = decisions.indexOf(lead);
  expect(start).toBeGreaterThanOrEqual(0);
  const sentence = decisions.slice(start + lead.length).split(stop)[0]!;
  return [...sentence.matchAll(/`([a-z_-]+)`/g)].map((match) => match[1]);
}

test('the transaction types sentence lists TRANSACTION_TYPES', () => {
  expect(listedAfter('**Transaction types** are', /\.\s/)).toEqual([...TRANSACTION_TYPES]);
});

test('the audit trail sentence lists AUDIT_ACTIONS', () => {
  expect(listedAfter('**Audit trail** (`audit_log`): one row per', /, written/)).toEqual([...AUDIT_ACTIONS]);
});
