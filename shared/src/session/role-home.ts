/** Where each role's area starts and how its header link reads (spec §2): from the area registry. */
export { ROLE_HOME } from '@wallet/shared/areas';
