import { expect, type Locator } from '@playwright/test';
import { E2E_PIN } from './accounts';

/** The review dialog's PIN field, for a person who has a PIN. */
export const pinField = (dialog: Locator) => dialog.getByLabel('PIN', { exact: true });

/** Confirms a money review with the PIN of a person who has one (E2E_PIN unless told). */
export async function confirmWithPin(dialog: Locator, pin = E2E_PIN) {
  await pinField(dialog).fill(pin);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
}

/**
 * Confirms a money review for a person who may have no PIN yet (registered in the browser): the
 * review then asks for a new PIN and the password, and sets the PIN before the money moves.
 * Once the PIN is set, the review asks for it alone.
 */
export async function confirmSettingPin(dialog: Locator, password: string, pin = E2E_PIN) {
  const newPin = dialog.getByLabel('New PIN', { exact: true });
  await expect(pinField(dialog).or(newPin)).toBeVisible();
  if (await newPin.isVisible()) {
    await newPin.fill(pin);
    await dialog.getByLabel('Your password', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
  } else {
    await confirmWithPin(dialog, pin);
  }
}
