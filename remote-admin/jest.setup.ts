import '@testing-library/jest-dom';
import { setupTestServer } from '@wallet/shared/testing/jest-setup';
import { server } from './src/testing/server';

setupTestServer(server);
