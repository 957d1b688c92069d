import { INTL_LOCALE, pageLanguage, type Language } from '@wallet/shared/i18n/languages';
import { formatTaka } from '@wallet/shared/money';

/**
 * Every message the contracts' schemas give, once, in each language the wallet speaks. English is
 * what the API has always said (it runs without a page, so it always speaks English); a page in
 * Bangla gets the Bangla one when a form checks a field in the browser.
 *
 * Most are fragments worded to follow the field's name ("is required": "Name is required", and
 * in Bangla "নাম দিতে হবে"); those marked `sentence` stand alone ("Invalid email address").
 * `{name}` is a figure or a word given where the schema uses the text; `figures: 'taka'` marks
 * one whose figures are Taka (written in Bangla as 1,00,000.00৳).
 */
export const VALIDATION_TEXTS = {
  required: { en: 'is required', bn: 'দিতে হবে' },
  notString: { en: 'must be a string', bn: 'লেখা হিসেবে দিতে হবে' },
  noControlCharacters: {
    en: 'must not contain control characters',
    bn: 'ট্যাব বা অন্য নিয়ন্ত্রণ-অক্ষর ছাড়া লিখতে হবে',
  },
  noInvisibleCharacters: {
    en: 'must not contain invisible or direction-changing characters',
    bn: 'অদৃশ্য বা লেখার দিক বদলানো অক্ষর ছাড়া লিখতে হবে',
  },
  invalidId: { en: 'must be a valid id', bn: 'সঠিক আইডি হতে হবে' },
  tooLong: { en: 'is too long', bn: 'অনেক বেশি লম্বা' },
  tooLarge: { en: 'is too large', bn: 'অনেক বেশি বড়' },
  atLeastCharacters: { en: 'must be at least {min} characters', bn: 'কমপক্ষে {min} অক্ষরের হতে হবে' },
  atMostCharacters: { en: 'must be at most {max} characters', bn: 'সর্বোচ্চ {max} অক্ষরের হতে পারে' },
  notNumber: { en: 'must be a number', bn: 'একটি সংখ্যা হতে হবে' },
  greaterThanZero: { en: 'must be greater than 0', bn: '০-এর বেশি হতে হবে' },
  twoDecimals: { en: 'must have at most 2 decimal places', bn: 'দশমিকের পরে সর্বোচ্চ ২ ঘর হতে পারে' },
  atLeast: { en: 'must be at least {min}', bn: 'কমপক্ষে {min} হতে হবে' },
  atMost: { en: 'must be at most {max}', bn: 'সর্বোচ্চ {max} হতে পারে' },
  atMostTaka: { en: 'must be at most {max}', bn: 'সর্বোচ্চ {max}৳ হতে পারে', figures: 'taka' },
  wholeNumberFromOne: { en: 'must be a whole number of at least 1', bn: '১ বা তার বেশি একটি পূর্ণসংখ্যা হতে হবে' },
  wholeNumberUpTo: {
    en: 'must be a whole number from 1 to {max}',
    bn: '১ থেকে {max}-এর মধ্যে একটি পূর্ণসংখ্যা হতে হবে',
  },
  // A person's name.
  nameNoLinks: {
    en: 'must not contain a web address or an email',
    bn: 'কোনো ওয়েব ঠিকানা বা ইমেইল রাখা যাবে না',
  },
  // An email, a search.
  invalidEmail: { en: 'Invalid email address', bn: 'ইমেইল ঠিকানাটি সঠিক নয়', sentence: true },
  searchHint: {
    en: 'Type at least 3 letters of a name, or a whole email',
    bn: 'নামের অন্তত ৩টি অক্ষর বা পুরো ইমেইল লিখুন',
    sentence: true,
  },
  language: { en: 'must be en or bn', bn: 'ইংরেজি বা বাংলা হতে হবে' },
  pickerPurpose: { en: 'must be transfer or cashout', bn: 'সেন্ড মানি বা ক্যাশ আউট হতে হবে' },
  // The wallet PIN.
  pinDigits: { en: 'must be exactly 5 digits', bn: 'ঠিক ৫ অঙ্কের হতে হবে' },
  pinGuessable: {
    en: 'is too easy to guess: avoid one digit repeated or a run like 12345',
    bn: 'সহজেই আন্দাজ করা যায়: একই অঙ্ক বারবার বা ১২৩৪৫-এর মতো পরপর অঙ্ক এড়িয়ে চলুন',
  },
  pinPasswordOrCurrent: {
    en: 'Give your current PIN, or the emailed code with your password, not both',
    bn: 'আপনার বর্তমান পিন দিন, অথবা ইমেইলে পাওয়া কোড ও পাসওয়ার্ড দিন, দুটো একসাথে নয়',
    sentence: true,
  },
  pinCodeDigits: { en: 'must be the 6 digits we emailed you', bn: 'ইমেইলে পাঠানো ৬ অঙ্কের কোড হতে হবে' },
  // Decisions on a report or a verification request.
  disputeDecision: { en: 'must be reverse or reject', bn: 'রিভার্স বা প্রত্যাখ্যান হতে হবে' },
  kycDecision: { en: 'must be approve or reject', bn: 'অনুমোদন বা প্রত্যাখ্যান হতে হবে' },
  merchantCategory: { en: 'must be one of the listed categories', bn: 'তালিকার একটি ধরন হতে হবে' },
  printableAscii: {
    en: 'may hold only English letters, digits, spaces and ordinary punctuation',
    bn: 'শুধু ইংরেজি অক্ষর, অঙ্ক, ফাঁকা জায়গা ও সাধারণ যতিচিহ্ন থাকতে পারে',
  },
  kycCheck: {
    en: 'must be national_id, passport, face_match or address_proof',
    bn: 'জাতীয় পরিচয়পত্র, পাসপোর্ট, চেহারা মিলানো বা ঠিকানার প্রমাণ হতে হবে',
  },
  kycIdentityDocument: {
    en: 'must include the identity document you saw: a national ID card or a passport',
    bn: 'যে পরিচয়পত্র দেখেছেন তা থাকতে হবে: জাতীয় পরিচয়পত্র বা পাসপোর্ট',
  },
  // Fees and limits.
  atMostMaximum: { en: 'must be at most maximum', bn: '‘সর্বোচ্চ ফি’-এর চেয়ে বেশি হতে পারবে না' },
  quoteType: {
    en: 'must be deposit, transfer, cash-out, cash-in or payment',
    bn: 'জমা, সেন্ড মানি, ক্যাশ আউট, ক্যাশ ইন বা পেমেন্ট হতে হবে',
  },
  dateTime: {
    en: 'must be a date and time with its offset',
    bn: 'সময়-অঞ্চলসহ তারিখ ও সময় হতে হবে',
  },
  inTheFuture: { en: 'must be in the future', bn: 'ভবিষ্যতের সময় হতে হবে' },
  paymentLinkCode: { en: 'is not a payment link code', bn: 'পেমেন্ট লিংকের কোড নয়' },
  numberOrNone: { en: 'must be a number or null', bn: 'একটি সংখ্যা হতে হবে, অথবা খালি (কোনো সীমা নেই)' },
  wholeNumberOrNone: {
    en: 'must be a whole number or null',
    bn: 'একটি পূর্ণসংখ্যা হতে হবে, অথবা খালি (কোনো সীমা নেই)',
  },
  atMostMaxAmount: {
    en: 'must be at most maxAmount',
    bn: '‘প্রতি লেনদেনে সর্বোচ্চ’-এর চেয়ে বেশি হতে পারবে না',
  },
  atMostDailyAmount: { en: 'must be at most dailyAmount', bn: '‘দৈনিক পরিমাণ’-এর চেয়ে বেশি হতে পারবে না' },
  atMostMonthlyAmount: { en: 'must be at most monthlyAmount', bn: '‘মাসিক পরিমাণ’-এর চেয়ে বেশি হতে পারবে না' },
  atMostMonthlyCount: { en: 'must be at most monthlyCount', bn: '‘মাসিক সংখ্যা’-এর চেয়ে বেশি হতে পারবে না' },
  // Dates and statements.
  day: { en: 'must be a date written YYYY-MM-DD', bn: 'সঠিক তারিখ হতে হবে (বছর-মাস-দিন)' },
  notBeforeFrom: { en: 'must not be before from', bn: 'শুরুর তারিখের আগে হতে পারবে না' },
  statementFormat: { en: 'must be csv or pdf', bn: 'সিএসভি অথবা পিডিএফ হতে হবে' },
  statementDays: {
    en: 'a statement covers at most {days} days',
    bn: 'শুরুর তারিখ থেকে সর্বোচ্চ {days} দিনের মধ্যে হতে হবে',
  },
  // Releases, rollouts and deploy tokens.
  area: { en: 'must be one of {areas}', bn: 'এগুলোর একটি হতে হবে: {areas}' },
  releaseVersion: {
    en: 'must be 1 to 64 letters, digits, dots, dashes or underscores',
    bn: '১ থেকে ৬৪টি অক্ষর, অঙ্ক, ডট, ড্যাশ বা আন্ডারস্কোর হতে হবে',
  },
  releaseUrl: { en: 'must be an http or https URL', bn: 'এইচটিটিপি বা এইচটিটিপিএস ঠিকানা হতে হবে' },
  percentage: { en: 'must be a percentage', bn: 'একটি শতাংশ হতে হবে' },
  wholePercentage: { en: 'must be a whole percentage', bn: 'একটি পূর্ণ শতাংশ হতে হবে' },
  atLeastOnePercent: { en: 'must be at least 1 percent', bn: 'কমপক্ষে ১ শতাংশ হতে হবে' },
  atMostShare: {
    en: 'must be at most 99 percent (100 is promoting it)',
    bn: 'সর্বোচ্চ ৯৯ শতাংশ হতে পারে (১০০ মানে সবার জন্য চালু করা)',
  },
  shareOnlyForShare: {
    en: 'share is given for a rollout to a share of visitors, and only then',
    bn: 'শুধু কিছু ভিজিটরের জন্য রোলআউটে দিতে হয়, অন্য সময় নয়',
  },
  reportsAtMost: { en: 'must hold at most {max} reports', bn: 'সর্বোচ্চ {max}টি রিপোর্ট থাকতে পারে' },
  tokenName: {
    en: 'must be 1 to 40 lower-case letters, digits, dots, dashes or underscores',
    bn: '১ থেকে ৪০টি ছোট হাতের ইংরেজি অক্ষর, অঙ্ক, ডট, ড্যাশ বা আন্ডারস্কোর হতে হবে',
  },
  tokenNameKept: {
    en: '"{name}" is kept for the site\'s own token',
    bn: '"{name}" নামটি সাইটের নিজের টোকেনের জন্য রাখা আছে',
    sentence: true,
  },
  areasAtLeastOne: { en: 'must name at least one area', bn: 'অন্তত একটি অংশ বেছে নিতে হবে' },
  areasTwice: { en: 'must not name an area twice', bn: 'একই অংশ দুবার দেওয়া যাবে না' },
  days: { en: 'must be a number of days', bn: 'দিনের সংখ্যা হতে হবে' },
  wholeDays: { en: 'must be a whole number of days', bn: 'পূর্ণ দিনের সংখ্যা হতে হবে' },
  atLeastOneDay: { en: 'must be at least 1 day', bn: 'কমপক্ষে ১ দিন হতে হবে' },
  atMostDays: { en: 'must be at most {max} days', bn: 'সর্বোচ্চ {max} দিন হতে পারে' },
  trueOrFalse: { en: 'must be true or false', bn: 'হ্যাঁ বা না হতে হবে' },
  invalidUrl: { en: 'must be a web address', bn: 'একটি ওয়েব ঠিকানা হতে হবে' },
  base64url: { en: 'must be a key as the browser gives it', bn: 'ব্রাউজার যেমন দেয় তেমন একটি কী হতে হবে' },
  kindTwice: { en: 'must not name a kind twice', bn: 'একই ধরন দুবার দেওয়া যাবে না' },
  requestDirection: { en: 'must be incoming or outgoing', bn: 'আসা বা পাঠানো হতে হবে' },
  atMostItems: { en: 'must list at most {max}', bn: 'সর্বোচ্চ {max}টি দেওয়া যায়' },
} as const satisfies Record<string, ValidationTextEntry>;

interface ValidationTextEntry {
  en: string;
  bn: string;
  /** A whole sentence, shown as it is; without it, a fragment that follows the field's name. */
  sentence?: true;
  figures?: 'taka';
}

export type ValidationText = keyof typeof VALIDATION_TEXTS;
type Figures = Record<string, string | number>;

/**
 * A validation text in the page's language (English in the API), its figures filled in: as they
 * are in English ("must be at most 100 characters"), in Bangla digits in Bangla.
 */
export function validationText(text: ValidationText, figures?: Figures): string {
  const language = pageLanguage();
  const entry: ValidationTextEntry = VALIDATION_TEXTS[text];
  return entry[language].replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = figures?.[name];
    if (value === undefined) return placeholder;
    if (language === 'en' || typeof value !== 'number') return String(value);
    return entry.figures === 'taka' ? formatTaka(value) : value.toLocaleString(INTL_LOCALE[language]);
  });
}

/**
 * A schema's `error`: the text in the language of the page when the check runs (the API, with no
 * page, always gets English), so a form switched to Bangla speaks Bangla at its next check.
 */
export const says = (text: ValidationText, figures?: Figures) => () => validationText(text, figures);

/** Each text, in every language, as a pattern its figures may fill. */
let patterns: { pattern: RegExp; sentence: boolean }[] | undefined;
function textPatterns() {
  patterns ??= Object.values(VALIDATION_TEXTS as Record<string, ValidationTextEntry>).flatMap((entry) =>
    (['en', 'bn'] as const satisfies readonly Language[]).map((language) => ({
      pattern: new RegExp(
        `^${entry[language]
          .split(/\{\w+\}/)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('.+?')}$`,
        'u',
      ),
      sentence: entry.sentence === true,
    })),
  );
  return patterns;
}

/**
 * Whether a message is a fragment to follow its field's name ("is required", "দিতে হবে") rather
 * than a sentence that stands alone ("Invalid email address"). The contracts' texts are known in
 * every language; any other message (a form's own) is a fragment when it starts with a lower-case
 * letter, as English fragments do.
 */
export function isValidationFragment(message: string): boolean {
  const known = textPatterns().filter(({ pattern }) => pattern.test(message));
  if (known.length > 0) return known.every(({ sentence }) => !sentence);
  return message.charAt(0) !== message.charAt(0).toUpperCase();
}

/** Each text's English, as a pattern that captures its figures by name. */
let englishPatterns: { entry: ValidationTextEntry; pattern: RegExp }[] | undefined;

/**
 * A validation message the API wrote in English (a fragment, or a sentence), in `language`: the
 * same text's words there, its figures (captured from the English) in that language's digits.
 * Undefined for a message that is none of the contracts' texts.
 */
export function validationTextIn(message: string, language: Language): string | undefined {
  if (language === 'en') return message;
  englishPatterns ??= Object.values(VALIDATION_TEXTS as Record<string, ValidationTextEntry>).map((entry) => ({
    entry,
    pattern: new RegExp(
      `^${entry.en
        .split(/(\{\w+\})/)
        .map((part) => {
          const name = /^\{(\w+)\}$/.exec(part)?.[1];
          return name ? `(?<${name}>.+?)` : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        })
        .join('')}$`,
      'u',
    ),
  }));
  for (const { entry, pattern } of englishPatterns) {
    const match = pattern.exec(message);
    if (!match) continue;
    return entry[language].replace(/\{(\w+)\}/g, (placeholder, name: string) => {
      const figure = match.groups?.[name];
      if (figure === undefined) return placeholder;
      if (!/^-?\d+(\.\d+)?$/.test(figure)) return figure;
      const value = Number(figure);
      return entry.figures === 'taka' ? formatTaka(value, { language }) : value.toLocaleString(INTL_LOCALE[language]);
    });
  }
  return undefined;
}
