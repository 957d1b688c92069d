/**
 * The kill switch: served at /sw.js instead of the worker when the site runs with
 * SERVICE_WORKER=off. A browser that checks /sw.js (at each navigation; it is never cached) installs
 * this one in place of the worker it has. It answers nothing (no fetch handler: every request goes
 * to the network from the moment it is active) and removes its registration, so the next page load
 * has no worker at all.
 */
declare const self: ServiceWorkerGlobalScope;
// A module (its `self` its own), though it imports nothing.
export {};

self.addEventListener('install', () => {
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.registration.unregister());
});
