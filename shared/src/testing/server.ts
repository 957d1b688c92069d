import { setupServer } from 'msw/node';
import { quoteHandler } from './seeded-fees';

/**
 * The API as every front-end test sees it: the jest preset starts it, each test adds the handlers
 * it needs. Every money review asks for its quote, answered as a fresh database would from the
 * wallet and the limits the test set up.
 */
export const server = setupServer(quoteHandler());
