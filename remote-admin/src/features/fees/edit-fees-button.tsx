import type { FeeSchedule, FeeType } from '@wallet/shared/contracts';
import { EditFiguresButton } from '../../components/figures/figures-dialog';
import { useT, type AdminMessage } from '../../i18n';
import { useFeeUpdate } from './fees-api';
import { FEE_FIELD_LABELS, FEE_FIELDS, FEE_TYPE_LABELS, feeFormSchema, feeUnit } from './fee-fields';
import { shownFor } from '../staff/staff-access';

/** What each row's dialog says of its figures. */
const DESCRIPTIONS: Record<FeeType, AdminMessage> = {
  transfer: 'admin.fee.description.transfer',
  'cash-out': 'admin.fee.description.cash-out',
  'cash-in': 'admin.fee.description.cash-in',
  payment: 'admin.fee.description.payment',
};

/** A row's "Edit": its dialog sets the whole row outright. */
function EditFeesButtonShown({ row }: { row: FeeSchedule[number] }) {
  const t = useT();
  const update = useFeeUpdate(row.type);
  return (
    <EditFiguresButton
      title={t('admin.fee.dialogTitle', { type: t(FEE_TYPE_LABELS[row.type]) })}
      description={t(DESCRIPTIONS[row.type])}
      fields={FEE_FIELDS[row.type]}
      labels={FEE_FIELD_LABELS}
      unitOf={feeUnit}
      figures={row}
      schema={feeFormSchema(t, row.type)}
      update={update}
      saveFailed={t('admin.fee.saveFailed')}
    />
  );
}

/** Only for a member whose roles may (PUT /api/v1/admin/fees/:type). */
export const EditFeesButton = shownFor('PUT /api/v1/admin/fees/:type', EditFeesButtonShown);
