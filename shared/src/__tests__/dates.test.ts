import { formatDateTime, formatDay, formatDayShort, formatMonth, formatMonthShort } from '@wallet/shared/dates';

describe('dates', () => {
  it('should write a moment day first with a 24-hour clock, in the local time zone', () => {
    const moment = new Date(2026, 10, 23, 15, 13);
    expect(formatDateTime(moment.toISOString())).toBe('23 Nov 2026, 15:13');
  });

  it("should write the API's UTC calendar days and months as that day and month", () => {
    expect(formatDay('2025-03-04')).toBe('4 Mar 2025');
    expect(formatDay(new Date('2025-03-04T00:00:00Z'))).toBe('4 Mar 2025');
    expect(formatDayShort('2025-03-04')).toBe('4 Mar');
    expect(formatMonth('2025-03')).toBe('March 2025');
    expect(formatMonthShort('2025-03')).toBe('Mar 25');
  });

  it('should leave text that is no day as it is', () => {
    expect(formatDay('2025-13-45')).toBe('2025-13-45');
  });
});
