export { selectRole, selectStaffRoles, useSession, type SessionStatus } from './session-store';
