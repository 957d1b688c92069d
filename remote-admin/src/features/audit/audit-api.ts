import useSWR from 'swr';
import { usePaged } from '@wallet/shared/data';
import type { AuditAction, AuditRow } from '@wallet/shared/contracts';

const AUDIT_LOG = '/admin/audit-log';
const ADMINS = '/admin/admins';

/** Someone the log names: an admin who acted, or the person acted on. */
export type Person = NonNullable<AuditRow['admin']>;

export interface AuditFilters {
  action?: AuditAction;
  adminId?: string;
}

/** The log's path with the filters set, in one order: one SWR key per set of filters. */
export function auditLogPath({ action, adminId }: AuditFilters) {
  const query = new URLSearchParams();
  if (action) query.set('action', action);
  if (adminId) query.set('adminId', adminId);
  const search = query.toString();
  return search ? `${AUDIT_LOG}?${search}` : AUDIT_LOG;
}

/**
 * The admins' actions matching `filters`, newest first, 5 a page. The paging lives in the
 * component that calls this: give it a `key` made of the filters, so new filters start at page 1.
 */
export function useAuditLog(filters: AuditFilters) {
  return usePaged<AuditRow>(auditLogPath(filters));
}

/** Everyone who can appear in the log as its admin: the admin filter's choices. */
export function useAdmins() {
  return useSWR<Person[]>(ADMINS);
}
