import { useState } from 'react';
import type { ButtonProps } from '@mui/material/Button';
import { errorMessage } from '@wallet/shared/api';
import { showToast } from '@wallet/shared/toasts';
import { ActionButton } from './action-button';
import { ConfirmDialog } from './confirm-dialog';

interface ConfirmedActionButtonProps extends Omit<ButtonProps, 'onClick'> {
  pending: boolean;
  /** The confirmation's question. */
  question: string;
  /** Runs the action once confirmed; says what happened, for the success toast. */
  run: () => Promise<string>;
  /** The error toast's text when the API gives no message of its own (or, as a function, for any failure). */
  failed: string | ((error: unknown) => string);
}

/**
 * A row's action that asks first: the button opens a confirmation, and once confirmed the action
 * runs ("Processing..." meanwhile) and a toast says how it went.
 */
export function ConfirmedActionButton({
  pending,
  question,
  run,
  failed,
  children,
  ...button
}: ConfirmedActionButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const onConfirm = async () => {
    setConfirming(false);
    let done: string;
    try {
      done = await run();
    } catch (error) {
      showToast(typeof failed === 'function' ? failed(error) : errorMessage(error, failed), { variant: 'error' });
      return;
    }
    showToast(done, { variant: 'success' });
  };
  return (
    <>
      <ActionButton
        {...button}
        pending={pending}
        aria-label={pending ? undefined : button['aria-label']}
        onClick={() => setConfirming(true)}
      >
        {children}
      </ActionButton>
      <ConfirmDialog open={confirming} title={question} onCancel={() => setConfirming(false)} onConfirm={onConfirm} />
    </>
  );
}
