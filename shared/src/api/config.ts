const DEFAULT_API_BASE_URL = '/api/v1';

let apiBaseUrl = DEFAULT_API_BASE_URL;

/** Set once at start from the runtime config; every app shares this module, so it holds for all. */
export function configureApi({ baseUrl }: { baseUrl: string }) {
  apiBaseUrl = baseUrl.replace(/\/+$/, '');
}

export function apiUrl(path: string) {
  return `${apiBaseUrl}${path}`;
}
