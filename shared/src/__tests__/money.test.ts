import { formatTaka, hasAtMostTwoDecimals, poishaToTaka, takaToPoisha } from '../money';

describe('money', () => {
  it('should convert Taka with float noise to exact poisha', () => {
    expect(takaToPoisha(19.99)).toBe(1999n);
    expect(takaToPoisha(0.1 + 0.2 - 0.3 + 0.01)).toBe(1n);
    expect(takaToPoisha(1_000_000)).toBe(100_000_000n);
  });

  it('should refuse amounts finer than a poisha', () => {
    expect(hasAtMostTwoDecimals(10.005)).toBe(false);
    expect(hasAtMostTwoDecimals(1e-7)).toBe(false);
    expect(hasAtMostTwoDecimals(Number.NaN)).toBe(false);
    expect(hasAtMostTwoDecimals(Number.POSITIVE_INFINITY)).toBe(false);
    expect(() => takaToPoisha(0.001)).toThrow(RangeError);
  });

  it('should round-trip poisha to Taka', () => {
    expect(poishaToTaka(1999n)).toBe(19.99);
    expect(poishaToTaka(takaToPoisha(123456.78))).toBe(123456.78);
  });

  it('should format Taka with two decimals and grouping', () => {
    expect(formatTaka(1234.5)).toBe('1,234.50');
  });
});
