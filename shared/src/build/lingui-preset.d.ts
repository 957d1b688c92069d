/** Every English catalog below a package's `src`: its folder (relative to the package) and name. */
export function englishCatalogs(dir: string): { folder: string; name: string }[];
export function createLinguiConfig(dir: string): Record<string, unknown>;
