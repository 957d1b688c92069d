import { z } from 'zod';
import type { AppName } from '@wallet/shared/areas';
import { createDeployTokenInputSchema } from '@wallet/shared/contracts/releases';

/** What the form holds: the days as typed. */
export interface TokenFormValues {
  name: string;
  areas: AppName[];
  expiresInDays: string;
}

export const TOKEN_FORM_DEFAULTS: TokenFormValues = { name: '', areas: [], expiresInDays: '90' };

/** The typed days made a number (nothing typed is no number), then the contract's own schema judges the whole. */
export const tokenFormSchema = z
  .object({ name: z.string(), areas: z.array(z.custom<AppName>()), expiresInDays: z.string() })
  .transform(({ expiresInDays, ...values }) => {
    const days = expiresInDays.trim();
    return { ...values, expiresInDays: days === '' ? Number.NaN : Number(days) };
  })
  .pipe(createDeployTokenInputSchema);
