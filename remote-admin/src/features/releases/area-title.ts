import type { AreaReleases } from '@wallet/shared/contracts';

/** "admin" as a heading or the start of a sentence: "Admin". */
export const areaTitle = (area: AreaReleases['area']) => area.charAt(0).toUpperCase() + area.slice(1);
