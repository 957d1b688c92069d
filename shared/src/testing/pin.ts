import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** The PIN the tests' people confirm with (5 digits, not a run). */
export const TEST_PIN = '24680';

/** Types `pin` in the review dialog's PIN field, then clicks Confirm. */
export async function confirmWithPin(dialog?: HTMLElement, pin = TEST_PIN) {
  const review = within(dialog ?? (await screen.findByRole('dialog')));
  const field = review.getByLabelText('PIN');
  await userEvent.clear(field);
  await userEvent.type(field, pin);
  await userEvent.click(review.getByRole('button', { name: 'Confirm' }));
}
