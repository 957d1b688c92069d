import type { FeeChange } from '@wallet/shared/contracts';
import type { AdminT } from '../../i18n';
import { FEE_FIELD_LABELS, FEE_TYPE_LABELS, figureText, type FeeField } from '../fees/fee-fields';

/** Which row of the fee schedule changed: "Fees · Cash out". */
export const feeChangeTarget = (t: AdminT, { type }: FeeChange) =>
  t('admin.audit.feeTarget', { type: t(FEE_TYPE_LABELS[type]) });

/** The figures that changed, one line each: "Percentage: 1.85% → 2%". */
export function feeChangeLines(t: AdminT, { before, after }: FeeChange) {
  return (Object.keys(FEE_FIELD_LABELS) as FeeField[]).flatMap((field) =>
    before[field] === after[field]
      ? []
      : [
          t('admin.change.fromTo', {
            label: t(FEE_FIELD_LABELS[field]),
            from: figureText(t, field, before[field]),
            to: figureText(t, field, after[field]),
          }),
        ],
  );
}
