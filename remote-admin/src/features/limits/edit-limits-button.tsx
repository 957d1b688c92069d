import { useState } from 'react';
import type { LimitHolder, LimitScope } from '@wallet/shared/contracts';
import { ActionButton } from '../../components/action-button';
import { HOLDER_LABELS, limitRowLabel } from '../../labels/limits';
import type { LimitFigures } from './limit-fields';
import { LimitsDialog } from './limits-dialog';

/** "Send money limits for Email verified", "Maximum balance for Agents". */
const limitsTitle = (holder: LimitHolder, scope: LimitScope) =>
  `${limitRowLabel(holder, scope)}${scope === 'balance' ? '' : ' limits'} for ${HOLDER_LABELS[holder]}`;

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
  const [open, setOpen] = useState(false);
  const title = limitsTitle(holder, scope);
  return (
    <>
      <ActionButton pending={false} aria-label={`Edit ${title}`} onClick={() => setOpen(true)}>
        Edit
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
