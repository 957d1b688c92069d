import type { LimitHolder, LimitScope } from '@wallet/shared/contracts';
import type { Figures } from '../../components/figures/figure-fields';
import { EditFiguresButton } from '../../components/figures/figures-dialog';
import { useT, type AdminT } from '../../i18n';
import { HOLDER_LABELS, limitRowLabel } from '../../labels/limits';
import {
  fieldsOf,
  LIMIT_FIELD_LABELS,
  limitMessage,
  limitsFormSchema,
  limitUnit,
  type LimitField,
} from './limit-fields';
import { useLimitsUpdate } from './limits-api';
import { shownFor } from '../staff/staff-access';

/** "Send money limits for Email verified", "Maximum balance for Agents". */
const limitsTitle = (t: AdminT, holder: LimitHolder, scope: LimitScope) =>
  t(scope === 'balance' ? 'admin.limits.dialogTitleBalance' : 'admin.limits.dialogTitle', {
    row: t(limitRowLabel(holder, scope)),
    holder: t(HOLDER_LABELS[holder]),
  });

/** A row's "Edit" (every row has one): its dialog sets the row outright, empty figures as "no limit". */
function EditLimitsButtonShown({
  holder,
  scope,
  figures,
}: {
  holder: LimitHolder;
  scope: LimitScope;
  figures: Figures<LimitField>;
}) {
  const t = useT();
  const update = useLimitsUpdate(holder, scope);
  const fields = fieldsOf(scope);
  return (
    <EditFiguresButton
      title={limitsTitle(t, holder, scope)}
      description={scope === 'balance' ? t('admin.limits.description.balance') : t('admin.limits.description.movement')}
      fields={fields}
      labels={LIMIT_FIELD_LABELS}
      unitOf={limitUnit}
      figures={figures}
      schema={limitsFormSchema(t, fields)}
      update={update}
      saveFailed={t('admin.limits.saveFailed')}
      word={(message) => limitMessage(t, message)}
    />
  );
}

/** Only for a member whose roles may (PUT /api/v1/admin/limits/:holder/:scope). */
export const EditLimitsButton = shownFor('PUT /api/v1/admin/limits/:holder/:scope', EditLimitsButtonShown);
