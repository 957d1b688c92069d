import type { RuntimeConfig } from '@wallet/shared/federation';

export const RUNTIME_CONFIG_URL = '/app-config.json';
/** The site writes the runtime config into the page it sends, in a script element of this id. */
const INLINE_CONFIG_ID = 'wallet-runtime-config';
const WITHOUT_CONFIG: RuntimeConfig = { apiBaseUrl: '/api/v1', remotes: {} };

function inlineConfig(): RuntimeConfig | undefined {
  const element = document.getElementById(INLINE_CONFIG_ID);
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as RuntimeConfig;
  } catch (error) {
    console.error('[federation] the page carries an unreadable runtime config', error);
    return undefined;
  }
}

/**
 * Read before anything renders: from the page when the site wrote it there (no round trip), else
 * from `/app-config.json` (a dev server). Without it the shell still starts and every area shows
 * its fallback.
 */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const inline = inlineConfig();
  if (inline) return inline;
  try {
    const response = await fetch(RUNTIME_CONFIG_URL, { cache: 'no-store' });
    if (!response.ok) throw new Error(`${RUNTIME_CONFIG_URL} answered ${response.status}`);
    return (await response.json()) as RuntimeConfig;
  } catch (error) {
    console.error('[federation] no runtime config; no remote will load', error);
    return WITHOUT_CONFIG;
  }
}
