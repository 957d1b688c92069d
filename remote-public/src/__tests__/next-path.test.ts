import { safeNextPath, withNext } from '../lib/next-path';

describe('the path to go to after signing in', () => {
  it.each([
    ['/pay/AbCdEfGhIjKlMnOpQrStUv_-', '/pay/AbCdEfGhIjKlMnOpQrStUv_-'],
    ['/faq?x=1#top', '/faq?x=1#top'],
    ['/pay/../faq', '/faq'],
  ])('should take %s, a page of this site, as %s', (next, path) => {
    expect(safeNextPath(next)).toBe(path);
  });

  it.each([
    ['another host', '//evil.com'],
    ['another host, by a backslash', '/\\evil.com'],
    ['another host, by a backslash after the slash', '/\\/evil.com'],
    ['a scheme', 'https://evil.com'],
    ['a script', 'javascript:alert(1)'],
    ['a script behind a space', ' /javascript:alert(1)'],
    ['a relative path', 'evil.com'],
    ['another host, encoded', '/%2F%2Fevil.com'],
    ['another host, encoded backslash', '/%5Cevil.com'],
    ['another host, all encoded', '%2F%2Fevil.com'],
    ['a tab a URL parser drops', '/\t/evil.com'],
    ['a newline', '/pay\n/x'],
    ['an encoded newline', '/pay%0A'],
    ['a broken escape', '/pay/%E0%A4%A'],
    ['an encoded dot segment', '/pay/..%2Fadmin'],
    ['nothing', ''],
  ])('should refuse %s: %p', (_, next) => {
    expect(safeNextPath(next, 'USER')).toBeNull();
  });

  it('should refuse a path past 200 characters', () => {
    expect(safeNextPath(`/${'a'.repeat(199)}`)).toBe(`/${'a'.repeat(199)}`);
    expect(safeNextPath(`/${'a'.repeat(200)}`)).toBeNull();
  });

  it("should keep a role out of another role's area, however it is written, and let it into its own", () => {
    expect(safeNextPath('/user/overview', 'USER')).toBe('/user/overview');
    expect(safeNextPath('/admin/all-user', 'ADMIN')).toBe('/admin/all-user');
    expect(safeNextPath('/user', 'AGENT')).toBeNull();
    expect(safeNextPath('/admin/all-user', 'USER')).toBeNull();
    expect(safeNextPath('/ADMIN/all-user', 'USER')).toBeNull();
    expect(safeNextPath('/%61dmin/all-user', 'USER')).toBeNull();
    expect(safeNextPath('/pay/%2e%2e/admin/all-user', 'USER')).toBeNull();
    // Not yet signed in: no area at all.
    expect(safeNextPath('/user/overview')).toBeNull();
    // Not an area: a path that only starts like one.
    expect(safeNextPath('/username', 'AGENT')).toBe('/username');
  });

  it('should carry the path in the query, encoded', () => {
    expect(withNext('/login', '/pay/abc?x=1')).toBe('/login?next=%2Fpay%2Fabc%3Fx%3D1');
    expect(withNext('/login', null)).toBe('/login');
  });
});
