export { ROLE_HOME } from './role-home';
export { selectRole, useSession, type SessionStatus } from './session-store';
