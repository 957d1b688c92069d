import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { errorMessage } from '@wallet/shared/api';
import type { PaymentLink } from '@wallet/shared/contracts';
import type { Paged } from '@wallet/shared/data';
import { formatDateTime } from '@wallet/shared/dates';
import { INTL_LOCALE, pageLanguage } from '@wallet/shared/i18n/languages';
import { formatTaka } from '@wallet/shared/money';
import { showToast } from '@wallet/shared/toasts';
import { PagedTable, type Column } from '@wallet/shared/ui/kit/paged-table';
import { SubmitButton } from '@wallet/shared/ui/kit/submit-button';
import { useT, type MerchantMessage, type MerchantT } from '../../i18n';
import { canShare, shareLink } from './share-link';
import { linkUrl, useTurnOffLink } from './use-payment-links';

/** Whether a link can be paid now, and if not, why. */
function status(link: PaymentLink): MerchantMessage {
  if (!link.active || link.closed === 'PAY_LINK_INACTIVE') return 'merchant.links.status.off';
  if (link.closed === 'PAY_LINK_EXPIRED') return 'merchant.links.status.expired';
  if (link.closed === 'PAY_LINK_USED_UP') return 'merchant.links.status.usedUp';
  return 'merchant.links.status.active';
}

function uses(t: MerchantT, link: PaymentLink) {
  const locale = INTL_LOCALE[pageLanguage()];
  return link.maxUses === null
    ? link.uses.toLocaleString(locale)
    : t('merchant.links.usesOf', { uses: link.uses.toLocaleString(locale), max: link.maxUses.toLocaleString(locale) });
}

async function share(t: MerchantT, link: PaymentLink) {
  const url = linkUrl(link.code);
  const outcome = await shareLink(url, link.description);
  if (outcome === 'copied') showToast(t('merchant.links.copied', { url }), { variant: 'success' });
  if (outcome === 'unavailable') showToast(t('merchant.links.copyByHand', { url }), { variant: 'info' });
}

/** "Turn off" asks first: a link turned off never comes back (a new one is made to sell again). */
function TurnOffDialog({ link, onClose }: { link: PaymentLink; onClose: () => void }) {
  const t = useT();
  const { trigger, isMutating } = useTurnOffLink();
  async function turnOff() {
    try {
      await trigger(link._id);
      showToast(t('merchant.links.turnedOff'), { variant: 'success' });
    } catch (error) {
      showToast(errorMessage(error, t('merchant.links.turnOffFailed')), { variant: 'error' });
    }
    onClose();
  }
  return (
    <Dialog open onClose={isMutating ? undefined : onClose} aria-labelledby="turn-off-link-title" maxWidth="xs">
      <DialogTitle id="turn-off-link-title">{t('merchant.links.turnOffTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('merchant.links.turnOffText', { description: link.description })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isMutating}>
          {t('merchant.cancel')}
        </Button>
        <SubmitButton pending={isMutating} fullWidth={false} onClick={() => void turnOff()}>
          {t('merchant.links.turnOff')}
        </SubmitButton>
      </DialogActions>
    </Dialog>
  );
}

/** The merchant's links, newest first: each shared from its row, and an active one turned off. */
export function LinksTable({ paged }: { paged: Paged<PaymentLink> }) {
  const t = useT();
  const [turningOff, setTurningOff] = useState<PaymentLink | null>(null);
  const shareLabel = canShare() ? 'merchant.links.share' : 'merchant.links.copy';
  const columns: Column<PaymentLink>[] = [
    { header: t('merchant.links.description'), render: (link) => link.description },
    {
      header: t('merchant.links.amount'),
      align: 'right',
      render: (link) => (link.amount === null ? t('merchant.links.anyAmount') : formatTaka(link.amount)),
    },
    { header: t('merchant.links.uses'), align: 'right', render: (link) => uses(t, link) },
    {
      header: t('merchant.links.expires'),
      render: (link) => (link.expiresAt ? formatDateTime(link.expiresAt) : t('merchant.links.never')),
    },
    { header: t('merchant.links.status'), render: (link) => t(status(link)) },
    {
      header: t('merchant.links.actions'),
      render: (link) => (
        <Stack direction="row" spacing={1}>
          <Button
            size="small"
            aria-label={t(`${shareLabel}For`, { description: link.description })}
            onClick={() => void share(t, link)}
          >
            {t(shareLabel)}
          </Button>
          {link.active && (
            <Button
              size="small"
              color="error"
              aria-label={t('merchant.links.turnOffFor', { description: link.description })}
              onClick={() => setTurningOff(link)}
            >
              {t('merchant.links.turnOff')}
            </Button>
          )}
        </Stack>
      ),
    },
  ];
  return (
    <>
      <PagedTable
        label={t('merchant.links.label')}
        columns={columns}
        paged={paged}
        rowKey={(link) => link._id}
        emptyText={t('merchant.links.empty')}
      />
      {turningOff && <TurnOffDialog link={turningOff} onClose={() => setTurningOff(null)} />}
    </>
  );
}
