import type { RuntimeConfig } from '@wallet/shared/federation';

const RUNTIME_CONFIG_URL = '/app-config.json';
const WITHOUT_CONFIG: RuntimeConfig = { apiBaseUrl: '/api/v1', remotes: {} };

/** Read before anything renders; without it the shell still starts and every area shows its fallback. */
export async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  try {
    const response = await fetch(RUNTIME_CONFIG_URL, { cache: 'no-store' });
    if (!response.ok) throw new Error(`${RUNTIME_CONFIG_URL} answered ${response.status}`);
    return (await response.json()) as RuntimeConfig;
  } catch (error) {
    console.error('[federation] no runtime config; no remote will load', error);
    return WITHOUT_CONFIG;
  }
}
