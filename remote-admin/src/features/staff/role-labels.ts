import type { StaffRole } from '@wallet/shared/contracts';
import type { AdminT } from '../../i18n';

/** A staff role's name in the page's language. */
export const roleLabel = (t: AdminT, role: StaffRole) => t(`admin.staff.role.${role}`);
