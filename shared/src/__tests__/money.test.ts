import { formatPoisha, formatTaka, hasAtMostTwoDecimals, poishaToTaka, takaToPoisha } from '@wallet/shared/money';

describe('money', () => {
  it('should convert any amount written with up to 2 decimals to exact poisha', () => {
    // 19.99 * 100 is 1998.9999999999998 in floating point; the conversion still lands on 1999.
    expect(takaToPoisha(Number('19.99'))).toBe(1999n);
    expect(takaToPoisha(Number('0.01'))).toBe(1n);
    expect(takaToPoisha(Number('1000000'))).toBe(100_000_000n);
    for (let poisha = 0; poisha < 100_000; poisha += 7)
      expect(takaToPoisha(Number((poisha / 100).toFixed(2)))).toBe(BigInt(poisha));
  });

  it('should refuse float noise that serialises with more than 2 decimals', () => {
    // JSON.stringify(0.1 + 0.2 - 0.3 + 0.01) is "0.010000000000000056": over-precise, so refused.
    expect(() => takaToPoisha(0.1 + 0.2 - 0.3 + 0.01)).toThrow(RangeError);
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

  it("should format Taka short for a chart's axis", () => {
    expect(formatTaka(1250, { compact: true })).toBe('1.3K');
    expect(formatTaka(500, { compact: true })).toBe('500');
  });
});

describe('formatPoisha', () => {
  it('should write poisha exactly as plain Taka with two decimals', () => {
    expect(formatPoisha(12345n)).toBe('123.45');
    expect(formatPoisha(5n)).toBe('0.05');
    expect(formatPoisha(-100n)).toBe('-1.00');
    expect(formatPoisha(900719925474099312n)).toBe('9007199254740993.12');
  });
});
