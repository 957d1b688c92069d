/**
 * The router tests render pages in. Not part of `@wallet/shared/router`: that module is in every
 * page's first script, which has no use for an in-memory router. In tests both are one react-router.
 */
export { MemoryRouter } from 'react-router';
