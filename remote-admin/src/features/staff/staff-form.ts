import { type z } from 'zod';
import { inviteStaffInputSchema, updateStaffInputSchema } from '@wallet/shared/contracts';

/** The invitation form checks what the API checks: its own schema. */
export const inviteFormSchema = inviteStaffInputSchema;
export type InviteFormValues = z.input<typeof inviteFormSchema>;
export const INVITE_FORM_DEFAULTS: InviteFormValues = { name: '', email: '', roles: [] };

export const rolesFormSchema = updateStaffInputSchema;
export type RolesFormValues = z.input<typeof rolesFormSchema>;
