import { createStandaloneApp } from '@wallet/shared/standalone';
import { routes } from './routes';

createStandaloneApp({ area: 'public', routes });
