import type { FeeChange } from '@wallet/shared/contracts';
import { FEE_FIELD_LABELS, FEE_TYPE_LABELS, figureText, type FeeField } from '../fees/fee-fields';

/** Which row of the fee schedule changed: "Fees · Cash out". */
export const feeChangeTarget = ({ type }: FeeChange) => `Fees · ${FEE_TYPE_LABELS[type]}`;

/** The figures that changed, one line each: "Percentage: 1.85% → 2%". */
export function feeChangeLines({ before, after }: FeeChange) {
  return (Object.keys(FEE_FIELD_LABELS) as FeeField[]).flatMap((field) =>
    before[field] === after[field]
      ? []
      : [`${FEE_FIELD_LABELS[field]}: ${figureText(field, before[field])} → ${figureText(field, after[field])}`],
  );
}
