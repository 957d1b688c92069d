/** What the fallback plugin hands back instead of a remote module that could not be loaded. */
export const REMOTE_UNAVAILABLE = Symbol.for('wallet.remote-unavailable');

export interface UnavailableRemote {
  [REMOTE_UNAVAILABLE]: true;
  id: string;
  error: unknown;
}

export function isUnavailableRemote(module: unknown): module is UnavailableRemote {
  return typeof module === 'object' && module !== null && REMOTE_UNAVAILABLE in module;
}

export class RemoteUnavailableError extends Error {
  constructor(
    readonly id: string,
    readonly cause: unknown,
  ) {
    super(`The remote module ${id} could not be loaded`);
    this.name = 'RemoteUnavailableError';
  }
}
