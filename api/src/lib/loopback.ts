import ipaddr from 'ipaddr.js';

/** Loopback as Fastify sees the client (after TRUST_PROXY): 127.0.0.0/8, ::1, or either written as IPv6. */
export function isLoopback(address: string) {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'loopback';
}

/** A URL's host name on this machine alone: localhost, or a loopback address (IPv6 in brackets, as URL writes it). */
export function isLoopbackHost(hostname: string) {
  return hostname === 'localhost' || isLoopback(hostname.replace(/^\[(.*)\]$/, '$1'));
}
