export { createStandaloneApp, type StandaloneAppOptions } from './create-standalone-app';
