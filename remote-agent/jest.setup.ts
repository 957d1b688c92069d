import '@testing-library/jest-dom';
import { useTestServer } from '@wallet/shared/testing/jest-setup';
import { server } from './src/testing/server';

useTestServer(server);
