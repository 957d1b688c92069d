import type { FeeChange, LimitChange } from '@wallet/shared/contracts';
import type { AdminT } from '../../i18n';
import { feeChangeLines, feeChangeTarget } from './fee-change';
import { limitChangeLines, limitChangeTarget } from './limit-change';

/**
 * What changed and in which row, as the audit log and the Approvals screen word it: a row of
 * limits or of the fee schedule, and a line per figure, before → after.
 */
export function changeWords(t: AdminT, change: FeeChange | LimitChange) {
  return 'type' in change
    ? { target: feeChangeTarget(t, change), lines: feeChangeLines(t, change) }
    : { target: limitChangeTarget(t, change), lines: limitChangeLines(t, change) };
}
