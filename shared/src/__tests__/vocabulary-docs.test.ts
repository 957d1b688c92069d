import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AUDIT_ACTIONS, TRANSACTION_TYPES } from '@wallet/shared/contracts';

/**
 * The decisions' sentences that list the transaction types (the ledger's) and the audit actions
 * (admin's) name exactly the contract's arrays: a type or an action added to the contract without
 * its doc fails here.
 */
const decisions = (room: string) =>
  readFileSync(path.resolve(__dirname, '../../../docs/decisions', `${room}.md`), 'utf8');

/** The backticked words of the bullet in `doc` that starts with `lead`, up to the sentence's end. */
function listedAfter(doc: string, lead: string, stop: RegExp) {
  const start = doc.indexOf(lead);
  expect(start).toBeGreaterThanOrEqual(0);
  const sentence = doc.slice(start + lead.length).split(stop)[0]!;
  return [...sentence.matchAll(/`([a-z_-]+)`/g)].map((match) => match[1]);
}

test('the transaction types sentence lists TRANSACTION_TYPES', () => {
  expect(listedAfter(decisions('ledger'), '**Transaction types** are', /\.\s/)).toEqual([...TRANSACTION_TYPES]);
});

test('the audit trail sentence lists AUDIT_ACTIONS', () => {
  expect(listedAfter(decisions('admin'), '**Audit trail** (`audit_log`): one row per', /, written/)).toEqual([
    ...AUDIT_ACTIONS,
  ]);
});
