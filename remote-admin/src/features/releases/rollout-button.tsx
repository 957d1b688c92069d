import { useState } from 'react';
import type { AreaReleases } from '@wallet/shared/contracts/releases';
import { ActionButton } from '../../components/action-button';
import { useT } from '../../i18n';
import { RolloutDialog } from './rollout-dialog';

/** A row's "Roll out…": the dialog asks to whom, and is mounted each time it opens, starting again from 10%. */
export function RolloutButton({ entry, version }: { entry: AreaReleases; version: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <ActionButton pending={false} onClick={() => setOpen(true)}>
        {t('admin.rollout.button')}
      </ActionButton>
      {open && <RolloutDialog entry={entry} version={version} onClose={() => setOpen(false)} />}
    </>
  );
}
