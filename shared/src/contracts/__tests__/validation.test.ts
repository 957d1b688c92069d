import {
  amountSchema,
  feeUpdateInputSchema,
  isValidationFragment,
  limitsUpdateInputSchema,
  paginationQuerySchema,
  pinSchema,
  reasonSchema,
  registerInputSchema,
  statementQuerySchema,
  VALIDATION_TEXTS,
} from '@wallet/shared/contracts';
import { appNameSchema, createDeployTokenInputSchema } from '@wallet/shared/contracts/releases';
import type { z } from 'zod';

/** The messages a schema gives for `input`, by field. */
function messages(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a refusal');
  return result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

/** The page's language as the contracts read it (`<html lang>`); the API has no page. */
function inBangla<T>(run: () => T): T {
  const page = globalThis as { document?: unknown };
  page.document = { documentElement: { lang: 'bn' } };
  try {
    return run();
  } finally {
    delete page.document;
  }
}

const FEES = { percent: 0, fixed: 0, minimum: 10, maximum: 5, freeMonthly: null, agentShare: 0, agentCommission: 0 };

describe("the contracts' validation messages", () => {
  it('should say in English (the API, a page in English) exactly what they always said', () => {
    expect(messages(registerInputSchema, { name: ' ', email: 'nope', password: 'short' })).toEqual([
      ['name', 'is required'],
      ['email', 'Invalid email address'],
      ['password', 'must be at least 8 characters'],
    ]);
    // A name carries no link: "Your wallet is frozen - unlock at …" must not reach a mail or a screen.
    for (const name of ['Md. Rahim', 'A.K.M. Fazlul Haque', 'Dr. S. Islam', 'Nasrin Akter', 'মো. রহিম', 'O.Comfort']) {
      const parsed = registerInputSchema.safeParse({ name, email: 'a@b.co', password: 'long enough' });
      expect({ name, accepted: parsed.success }).toEqual({ name, accepted: true });
    }
    for (const name of [
      'unlock.example.com',
      'Your wallet is frozen - unlock at https://evil.example',
      'visit www.example',
      'mail me at a@b',
      'go to wallet-help.xyz now',
      'UNLOCK.EXAMPLE.COM',
    ]) {
      expect(messages(registerInputSchema, { name, email: 'a@b.co', password: 'long enough' })).toEqual([
        ['name', 'must not contain a web address or an email'],
      ]);
    }
    expect(messages(registerInputSchema, {})).toEqual([
      ['name', 'is required'],
      ['email', 'is required'],
      ['password', 'is required'],
    ]);
    expect(messages(amountSchema({ max: 1_000_000 }), 2_000_000)).toEqual([['', 'must be at most 1000000']]);
    expect(messages(amountSchema(), 0)).toEqual([['', 'must be greater than 0']]);
    expect(messages(amountSchema(), 1.234)).toEqual([['', 'must have at most 2 decimal places']]);
    expect(messages(reasonSchema, 'x'.repeat(501))).toEqual([['', 'must be at most 500 characters']]);
    expect(messages(reasonSchema, 'a\u0000b')).toEqual([['', 'must not contain control characters']]);
    expect(messages(pinSchema, '12345')).toEqual([
      ['', 'is too easy to guess: avoid one digit repeated or a run like 12345'],
    ]);
    expect(messages(paginationQuerySchema, { limit: '0' })).toEqual([
      ['limit', 'must be a whole number from 1 to 100'],
    ]);
    expect(messages(limitsUpdateInputSchema, { minAmount: 10, maxAmount: 5 })).toEqual([
      ['minAmount', 'must be at most maxAmount'],
    ]);
    expect(messages(feeUpdateInputSchema, FEES)).toEqual([['minimum', 'must be at most maximum']]);
    expect(messages(statementQuerySchema, { from: '2024-01-01', to: '2025-06-01' })).toEqual([
      ['to', 'a statement covers at most 366 days'],
    ]);
    expect(messages(appNameSchema, 'nowhere')).toEqual([
      ['', 'must be one of host, public, user, agent, admin, merchant'],
    ]);
    expect(messages(createDeployTokenInputSchema, { name: 'startup', areas: ['user'], expiresInDays: 400 })).toEqual([
      ['name', `"startup" is kept for the site's own token`],
      ['expiresInDays', 'must be at most 365 days'],
    ]);
  });

  it('should say them in Bangla on a page in Bangla, figures in Bangla digits and Taka as the screens write it', () => {
    inBangla(() => {
      expect(messages(registerInputSchema, { name: ' ', email: 'nope', password: 'short' })).toEqual([
        ['name', 'দিতে হবে'],
        ['email', 'ইমেইল ঠিকানাটি সঠিক নয়'],
        ['password', 'কমপক্ষে ৮ অক্ষরের হতে হবে'],
      ]);
      expect(messages(amountSchema({ max: 1_000_000 }), 2_000_000)).toEqual([['', 'সর্বোচ্চ ১০,০০,০০০.০০৳ হতে পারে']]);
      expect(messages(reasonSchema, 'x'.repeat(501))).toEqual([['', 'সর্বোচ্চ ৫০০ অক্ষরের হতে পারে']]);
      expect(messages(limitsUpdateInputSchema, { minAmount: 10, maxAmount: 5 })).toEqual([
        ['minAmount', '‘প্রতি লেনদেনে সর্বোচ্চ’-এর চেয়ে বেশি হতে পারবে না'],
      ]);
    });
  });

  it.each(Object.entries(VALIDATION_TEXTS))(
    'should word %s in Bangla with the same figures and no Latin words',
    (_, text) => {
      const figures = (message: string) => (message.match(/\{\w+\}/g) ?? []).sort();
      expect(figures(text.bn)).toEqual(figures(text.en));
      expect(text.bn.replace(/\{\w+\}/g, '')).not.toMatch(/[A-Za-z]/);
      // Fragments are the English that starts with a lower-case letter, as forms have always told them.
      const first = text.en.charAt(0);
      expect('sentence' in text).toBe(first === first.toUpperCase());
    },
  );

  it('should tell a fragment from a sentence in either language, without letter case', () => {
    for (const fragment of [
      'is required',
      'দিতে হবে',
      'must be at most 100 characters',
      'সর্বোচ্চ ১০০ অক্ষরের হতে পারে',
    ]) {
      expect([fragment, isValidationFragment(fragment)]).toEqual([fragment, true]);
    }
    for (const sentence of [
      'Invalid email address',
      'ইমেইল ঠিকানাটি সঠিক নয়',
      `"startup" is kept for the site's own token`,
      '"startup" নামটি সাইটের নিজের টোকেনের জন্য রাখা আছে',
      'নামের অন্তত ৩টি অক্ষর বা পুরো ইমেইল লিখুন',
    ]) {
      expect([sentence, isValidationFragment(sentence)]).toEqual([sentence, false]);
    }
    // A form's own message: an English fragment starts with a lower-case letter, anything else stands alone.
    expect(isValidationFragment('must be a number, or empty for none')).toBe(true);
    expect(isValidationFragment('একটি সংখ্যা দিন')).toBe(false);
    expect(isValidationFragment('Please select a receiver')).toBe(false);
  });
});
