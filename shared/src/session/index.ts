export { ROLE_HOME } from './role-home';
export { selectRole, selectStaffRoles, useSession, type SessionStatus } from './session-store';
