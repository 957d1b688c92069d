export { ApiError, errorMessage } from './api-error';
export { apiFetcher, apiRequest, type RequestOptions } from './client';
export { apiUrl, configureApi, getApiBaseUrl } from './config';
export { swrConfig } from './swr-config';
export { fetchMe, ME_KEY, useMe } from './use-me';
export { useLogin } from './use-login';
export { useLogout } from './use-logout';
export { useRegister } from './use-register';
export { isPageOf, PAGE_SIZE, pagedKey, usePaged, type Paged } from './use-paged';
