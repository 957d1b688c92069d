import { z } from 'zod';
import { idSchema, paginationQuerySchema, reasonSchema, textSchema } from './common';
import { says } from './validation';

/**
 * Merchants (issue 45): a user with a merchant profile, who keeps role USER (and so still sends,
 * deposits and cashes out). A user whose identity staff approved applies with the business's
 * name in English and Bangla, its category and its city in both; compliance staff approve or
 * reject, with a reason, as identity reviews are decided. The names and cities are what the
 * merchant's Bangla QR carries (tags 59, 60 and 64), so they are held to its lengths.
 */
export const MERCHANT_APPLICATION_PATH = '/user/merchant-application';
export const ADMIN_MERCHANT_APPLICATIONS_PATH = '/admin/merchant-applications';

/**
 * The merchant categories a shop may choose (ISO 18245 merchant category codes, the short list of
 * what shops in Bangladesh most often are).
 */
export const MERCHANT_CATEGORIES = [
  '5411', // grocery stores and supermarkets
  '5499', // food stores, convenience
  '5812', // restaurants
  '5814', // fast food
  '5912', // pharmacies
  '5311', // department stores
  '5651', // clothing
  '5732', // electronics
  '5251', // hardware
  '5942', // bookshops
  '5999', // other retail
  '4121', // taxis and ride services
  '7230', // salons and barbers
  '8062', // hospitals
  '8220', // schools and colleges
] as const;
export const merchantCategorySchema = z.enum(MERCHANT_CATEGORIES, { error: says('merchantCategory') });
export type MerchantCategory = z.infer<typeof merchantCategorySchema>;

/** Text of 1 to `max` characters (code points, as the QR counts them), trimmed. */
function qrText(max: number) {
  return textSchema()
    .transform((text) => text.trim())
    .refine((text) => text.length > 0, { error: says('required'), abort: true })
    .refine((text) => Array.from(text).length <= max, { error: says('atMostCharacters', { max }) });
}

export const merchantApplicationInputSchema = z
  .object({
    businessName: qrText(25),
    businessNameBn: qrText(25),
    category: merchantCategorySchema,
    city: qrText(15),
    cityBn: qrText(15),
  })
  .strict();
export type MerchantApplicationInput = z.infer<typeof merchantApplicationInputSchema>;

export const MERCHANT_APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const merchantApplicationStatusSchema = z.enum(MERCHANT_APPLICATION_STATUSES);

export const merchantApplicationSchema = z.object({
  _id: idSchema,
  status: merchantApplicationStatusSchema,
  businessName: z.string(),
  businessNameBn: z.string(),
  category: merchantCategorySchema,
  city: z.string(),
  cityBn: z.string(),
  /** The staff member's reason, once decided. */
  reason: z.string().nullable(),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type MerchantApplication = z.infer<typeof merchantApplicationSchema>;

/** An application in compliance's queue, with who applied. */
export const adminMerchantApplicationSchema = merchantApplicationSchema.extend({
  person: z.object({ _id: idSchema, name: z.string(), email: z.string() }),
});
export type AdminMerchantApplication = z.infer<typeof adminMerchantApplicationSchema>;

/** GET /admin/merchant-applications: pending by default, oldest first (the queue). */
export const adminMerchantApplicationsQuerySchema = paginationQuerySchema.extend({
  status: merchantApplicationStatusSchema.default('pending'),
});
export type AdminMerchantApplicationsQuery = z.infer<typeof adminMerchantApplicationsQuerySchema>;

export const merchantDecisionInputSchema = z
  .object({
    decision: z.enum(['approve', 'reject'], { error: says('kycDecision') }),
    reason: reasonSchema,
  })
  .strict();
export type MerchantDecisionInput = z.infer<typeof merchantDecisionInputSchema>;

/** A merchant's profile, as `GET /user/me` gives it (`merchant`: null for anyone else). */
export const merchantProfileSchema = z.object({
  _id: idSchema,
  name: z.string(),
  nameBn: z.string(),
  category: merchantCategorySchema,
  city: z.string(),
  cityBn: z.string(),
  since: z.string(),
});
export type MerchantProfile = z.infer<typeof merchantProfileSchema>;

export const MERCHANT_TEXTS = {
  applied: 'Your application was sent',
  yours: 'Your merchant application',
  queue: 'Merchant applications retrieved',
  approved: 'Merchant approved',
  rejected: 'Merchant application rejected',
  found: 'Merchant retrieved',
} as const;

export const MERCHANT_ERRORS = {
  MERCHANT_NEEDS_KYC: { status: 403, message: 'Verify your identity before you apply as a merchant' },
  MERCHANT_PENDING: { status: 409, message: 'Your application is already waiting for a review' },
  MERCHANT_ALREADY: { status: 409, message: 'You are already a merchant' },
  MERCHANT_APPLICATION_DECIDED: { status: 409, message: 'This application was already decided' },
  MERCHANT_APPLICATION_NOT_FOUND: { status: 404, message: 'Application not found' },
} as const;
