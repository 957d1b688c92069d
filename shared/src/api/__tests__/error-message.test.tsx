import { act } from '@testing-library/react';
import { i18n, setLanguage } from '@wallet/shared/i18n';
import { refusalMessage, REFUSALS, RELEASE_ERRORS } from '@wallet/shared/contracts';
import { ApiError, errorMessage } from '../api-error';

/** A refusal as the API sends it: its English message, code and figures. */
function refused(code: string, message: string, params?: Record<string, string | number>) {
  return new ApiError(422, { success: false, statusCode: 422, message, code, ...(params ? { params } : {}) }, 'x');
}

const feeChanged = refused('FEE_CHANGED', refusalMessage('FEE_CHANGED', { fee: 1234.5 }), { fee: 1234.5 });
const dailyLimit = refused(
  'DAILY_LIMIT',
  refusalMessage('DAILY_LIMIT', { movement: 'cash-out', limit: 25_000, used: 20_000, left: 5_000 }),
  { movement: 'cash-out', limit: 25_000, used: 20_000, left: 5_000 },
);

describe('errorMessage', () => {
  it("should give the server's English message in English, as it always did, loading no catalog of errors", () => {
    expect(errorMessage(feeChanged, 'Transfer failed. Please try again.')).toBe(
      'The fee has changed since you reviewed this: it is now 1,234.50 Taka. Please review it again',
    );
    expect(errorMessage(dailyLimit, 'Withdraw failed.')).toBe('Daily cash-out limit reached: 5,000.00 Taka left today');
    expect(errorMessage(refused('SOMETHING_NEW', 'A new refusal'), 'Failed')).toBe('A new refusal');
    expect(errorMessage(new Error('boom'), 'Failed')).toBe('Failed');
    expect(errorMessage(new ApiError(0, undefined, 'The server cannot be reached. Please try again.'), 'Failed')).toBe(
      'The server cannot be reached. Please try again.',
    );
    // The errors' catalog has no English: nothing of it is loaded for a page in English.
    expect(Object.keys(i18n.messages).filter((id) => id.startsWith('error.'))).toEqual([]);
  });

  it('should word a refusal in Bangla by its code, its Taka in Bangla digits', async () => {
    await act(() => setLanguage('bn'));
    expect(errorMessage(feeChanged, 'ব্যর্থ')).toBe(
      'আপনি দেখার পর ফি বদলে গেছে: এখন ফি ১,২৩৪.৫০৳। অনুগ্রহ করে আবার দেখে নিন',
    );
    expect(errorMessage(refused('PIN_WRONG', 'Wrong PIN: 2 more tries', { triesLeft: 2 }), 'ব্যর্থ')).toBe(
      'ভুল পিন: আর ২ বার ভুল হলে পিন এক ঘণ্টার জন্য লক হয়ে যাবে',
    );
    const token = new ApiError(
      403,
      { code: 'TOKEN_AREA', message: RELEASE_ERRORS.TOKEN_AREA.message, params: { area: 'admin' } },
      'x',
    );
    expect(errorMessage(token, 'ব্যর্থ')).toBe('এই ডিপ্লয় টোকেন দিয়ে admin অংশের রিলিজ করা যায় না');
  });

  it('should name the movement of a limit refusal in Bangla', async () => {
    await act(() => setLanguage('bn'));
    expect(errorMessage(dailyLimit, 'ব্যর্থ')).toBe('দৈনিক ক্যাশ আউটের সীমায় পৌঁছে গেছেন: আজ আর ৫,০০০.০০৳ বাকি আছে');
    const count = refused('MONTHLY_COUNT_LIMIT', 'Monthly send limit reached: at most 30 a month', {
      movement: 'transfer',
      limit: 30,
    });
    expect(errorMessage(count, 'ব্যর্থ')).toBe('মাসিক সেন্ড মানির সীমায় পৌঁছে গেছেন: মাসে সর্বোচ্চ ৩০ বার');
    const minimum = refused('AMOUNT_BELOW_MINIMUM', REFUSALS.AMOUNT_BELOW_MINIMUM.message, {
      movement: 'deposit',
      limit: 100_000,
    });
    expect(errorMessage(minimum, 'ব্যর্থ')).toBe('কমপক্ষে ১,০০,০০০.০০৳ যোগ করতে হবে');
  });

  it("should fall back to the caller's words for a code it cannot word, or no code at all", async () => {
    await act(() => setLanguage('bn'));
    expect(errorMessage(refused('SOMETHING_NEW', 'A new refusal'), 'লেনদেন ব্যর্থ হয়েছে')).toBe('লেনদেন ব্যর্থ হয়েছে');
    expect(errorMessage(new ApiError(502, '<html>Bad gateway</html>', 'x'), 'আবার চেষ্টা করুন')).toBe('আবার চেষ্টা করুন');
    expect(errorMessage(new ApiError(0, undefined, 'The server cannot be reached.'), 'আবার চেষ্টা করুন')).toBe(
      'আবার চেষ্টা করুন',
    );
    // A refusal without the figures its words need.
    expect(errorMessage(refused('DAILY_LIMIT', 'Daily {movement} limit reached'), 'ব্যর্থ')).toBe('ব্যর্থ');
    // A generic code has its words too: never the English message.
    expect(errorMessage(refused('CONFLICT', 'User Already Exist'), 'ব্যর্থ')).toBe('এটি এখন করা যাচ্ছে না');
  });
});
