import { z } from 'zod';
import {
  rolloutAudienceSchema,
  rolloutInputSchema,
  type RolloutAudience,
  type RolloutInput,
} from '@wallet/shared/contracts/releases';

/** What the form holds: the share as typed, kept while the preview is chosen. */
export interface RolloutFormValues {
  version: string;
  audience: RolloutAudience;
  share: string;
}

/** A tenth of visitors first: enough to see errors, few enough to spare most of them. */
export const rolloutFormDefaults = (version: string): RolloutFormValues => ({
  version,
  audience: 'share',
  share: '10',
});

/** The typed share made a number (nothing typed is no number), sent only for a share; the contract's schema judges the whole. */
export const rolloutFormSchema = z
  .object({ version: z.string(), audience: rolloutAudienceSchema, share: z.string() })
  .transform(({ share, ...values }): RolloutInput => {
    if (values.audience !== 'share') return values;
    const typed = share.trim();
    return { ...values, share: typed === '' ? Number.NaN : Number(typed) };
  })
  .pipe(rolloutInputSchema);
