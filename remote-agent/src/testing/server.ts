import { setupServer } from 'msw/node';

/** The API as the tests see it: each test adds the handlers it needs. */
export const server = setupServer();
