import { createStandaloneApp } from '@wallet/shared/standalone';
import { menu } from './menu';
import { routes } from './routes';

createStandaloneApp({ area: 'merchant', routes, menu });
