import { APPS, AREAS } from '@wallet/shared/areas';
import { remoteName } from '../federation/remote-registry';

describe('remote names', () => {
  it('should load every area under the federation name its build gets from the area registry', () => {
    for (const area of AREAS) expect(remoteName(area)).toBe(APPS[area].federationName);
  });
});
