import { setupServer } from 'msw/node';

/** The API as shared's component tests see it: each test adds the handlers it needs. */
export const server = setupServer();
