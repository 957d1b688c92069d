import type { AppName } from '@wallet/shared/areas';
import type { AdminMessage, AdminT } from '../../i18n';

/** Each app by name, as a heading or the start of a sentence: "admin" reads "Admin" (message ids). */
const AREA_TITLES: Record<AppName, AdminMessage> = {
  host: 'admin.area.host',
  public: 'admin.area.public',
  user: 'admin.area.user',
  agent: 'admin.area.agent',
  admin: 'admin.area.admin',
  merchant: 'admin.area.merchant',
};

/** "admin" as a heading or the start of a sentence: "Admin"; an app this release does not know, capitalised. */
export const areaTitle = (t: AdminT, area: AppName) =>
  area in AREA_TITLES ? t(AREA_TITLES[area]) : area.charAt(0).toUpperCase() + area.slice(1);
