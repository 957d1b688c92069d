import { setupServer } from 'msw/node';

/** The API as every front-end test sees it: the jest preset starts it, each test adds the handlers it needs. */
export const server = setupServer();
