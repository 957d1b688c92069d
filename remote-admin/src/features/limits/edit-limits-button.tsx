import { useState } from 'react';
import type { LimitHolder, LimitScope } from '@wallet/shared/contracts';
import { ActionButton } from '../../components/action-button';
import { useT, type AdminT } from '../../i18n';
import { HOLDER_LABELS, limitRowLabel } from '../../labels/limits';
import type { LimitFigures } from './limit-fields';
import { LimitsDialog } from './limits-dialog';

/** "Send money limits for Email verified", "Maximum balance for Agents". */
const limitsTitle = (t: AdminT, holder: LimitHolder, scope: LimitScope) =>
  t(scope === 'balance' ? 'admin.limits.dialogTitleBalance' : 'admin.limits.dialogTitle', {
    row: t(limitRowLabel(holder, scope)),
    holder: t(HOLDER_LABELS[holder]),
  });

/** A row's "Edit", named after the row (every row has one): opens the dialog with its figures. */
export function EditLimitsButton({
  holder,
  scope,
  figures,
}: {
  holder: LimitHolder;
  scope: LimitScope;
  figures: LimitFigures;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const title = limitsTitle(t, holder, scope);
  return (
    <>
      <ActionButton pending={false} aria-label={t('admin.editNamed', { title })} onClick={() => setOpen(true)}>
        {t('admin.edit')}
      </ActionButton>
      <LimitsDialog
        open={open}
        holder={holder}
        scope={scope}
        title={title}
        figures={figures}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
