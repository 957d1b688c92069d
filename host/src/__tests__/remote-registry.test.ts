import { APPS, AREAS } from '@wallet/shared/areas';
import { pinnedEntryScript, registerConfiguredRemotes, remoteName } from '../federation/remote-registry';

describe('remote names', () => {
  it('should load every area under the federation name its build gets from the area registry', () => {
    for (const area of AREAS) expect(remoteName(area)).toBe(APPS[area].federationName);
  });
});

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
  loadRemote: jest.fn(),
}));

describe('pinned entries', () => {
  const runtime = jest.requireMock<{ registerPlugins: jest.Mock; registerRemotes: jest.Mock }>(
    '@module-federation/enhanced/runtime',
  );
  const integrity = 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=';

  beforeAll(() => {
    registerConfiguredRemotes({
      apiBaseUrl: '/api/v1',
      remotes: {
        user: '/releases/user/v1/mf-manifest.json',
        agent: 'https://cdn.example/agent/2/mf-manifest.json',
      },
      integrity: { user: integrity },
    });
  });

  it("should load an area's entry with its release's hash, in CORS mode, so changed code is refused", () => {
    const script = pinnedEntryScript('/releases/user/v1/remoteEntry.js', 'wallet_user')!;
    expect(script.tagName).toBe('SCRIPT');
    expect(script.getAttribute('src')).toBe('/releases/user/v1/remoteEntry.js');
    expect(script.integrity).toBe(integrity);
    expect(script.crossOrigin).toBe('anonymous');
    // As the runtime may hand it: resolved against the page.
    expect(
      pinnedEntryScript(`${window.location.origin}/releases/user/v1/remoteEntry.js`, 'wallet_user')?.integrity,
    ).toBe(integrity);
    // The runtime asks the plugin for every script it adds: the plugin answers with the pinned one.
    const [[plugins]] = runtime.registerPlugins.mock.calls as [[{ createScript: (args: object) => unknown }[]]];
    expect(
      (
        plugins[0]!.createScript({
          url: '/releases/user/v1/remoteEntry.js',
          remoteInfo: { name: 'wallet_user' },
        }) as HTMLScriptElement
      ).integrity,
    ).toBe(integrity);
    expect(runtime.registerRemotes).toHaveBeenCalledWith([
      { name: 'wallet_user', entry: '/releases/user/v1/remoteEntry.js' },
      { name: 'wallet_agent', entry: 'https://cdn.example/agent/2/remoteEntry.js' },
    ]);
  });

  it('should leave alone what has no recorded hash, and any other script', () => {
    expect(pinnedEntryScript('https://cdn.example/agent/2/remoteEntry.js', 'wallet_agent')).toBeUndefined();
    expect(pinnedEntryScript('/releases/user/v1/chunk.js', 'wallet_user')).toBeUndefined();
    expect(pinnedEntryScript('/releases/user/v1/remoteEntry.js', 'wallet_admin')).toBeUndefined();
  });
});
