export { EVENTS_PATH, RECONNECT_FIRST_MS, RECONNECT_MAX_MS, useLiveEvents } from './use-live-events';
