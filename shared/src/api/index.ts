export { ApiError, errorMessage } from './api-error';
export { apiRequest } from './client';
export { apiUrl, configureApi } from './config';
export { swrConfig } from './swr-config';
export { ME_KEY } from './use-me';
export { useLogout, useLogoutEverywhere } from './use-logout';
export { useSessionLoader } from './use-session-loader';
