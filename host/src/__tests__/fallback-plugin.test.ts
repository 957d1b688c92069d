import remoteFallbackPlugin from '../federation/fallback-plugin';
import { isUnavailableRemote } from '../federation/remote-unavailable';

type ErrorArgs = Parameters<NonNullable<ReturnType<typeof remoteFallbackPlugin>['errorLoadRemote']>>[0];

describe('remote fallback plugin', () => {
  const plugin = remoteFallbackPlugin();
  const failure = new Error('Failed to fetch /remotes/public/mf-manifest.json');
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('should answer a remote module that failed to load with the unavailable marker', () => {
    const answer = plugin.errorLoadRemote!({
      id: 'wallet_public/routes',
      error: failure,
      lifecycle: 'onLoad',
    } as ErrorArgs);
    expect(isUnavailableRemote(answer)).toBe(true);
    expect(answer).toMatchObject({ id: 'wallet_public/routes', error: failure });
    expect(console.error).toHaveBeenCalledWith(
      '[federation] wallet_public/routes could not be loaded (onLoad)',
      failure,
    );
  });

  it('should leave failures outside module loading (shared libraries) to the runtime', () => {
    expect(
      plugin.errorLoadRemote!({ id: 'react', error: failure, lifecycle: 'beforeLoadShare' } as ErrorArgs),
    ).toBeUndefined();
  });
});
