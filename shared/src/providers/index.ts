export { AppProviders } from './app-providers';
