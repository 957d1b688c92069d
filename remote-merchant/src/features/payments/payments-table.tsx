import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { visibleName, type MerchantPayment } from '@wallet/shared/contracts';
import type { Paged } from '@wallet/shared/data';
import { formatDateTime } from '@wallet/shared/dates';
import { formatTaka } from '@wallet/shared/money';
import { PagedTable, type Column } from '@wallet/shared/ui/kit/paged-table';
import { useT, type MerchantMessage } from '../../i18n';
import { SpeakIcon } from '../../icons';

const CHANNELS: Record<MerchantPayment['channel'], MerchantMessage> = {
  static: 'merchant.channel.static',
  dynamic: 'merchant.channel.dynamic',
  link: 'merchant.channel.link',
};

/** What is left to give back of a payment (Taka, whole poisha). */
export const refundable = (payment: MerchantPayment) => Math.round((payment.amount - payment.refunded) * 100) / 100;

interface PaymentsTableProps {
  paged: Paged<MerchantPayment>;
  onReadAloud: (payment: MerchantPayment) => void;
  onRefund: (payment: MerchantPayment) => void;
}

/** The day's payments, newest first, each with who paid, how, the fee and what was given back, read aloud or refunded from its row. */
export function PaymentsTable({ paged, onReadAloud, onRefund }: PaymentsTableProps) {
  const t = useT();
  const columns: Column<MerchantPayment>[] = [
    { header: t('merchant.payments.time'), render: (payment) => formatDateTime(payment.createdAt) },
    { header: t('merchant.payments.payer'), render: (payment) => visibleName(payment.payer.name) },
    { header: t('merchant.payments.channel'), render: (payment) => t(CHANNELS[payment.channel]) },
    { header: t('merchant.payments.reference'), render: (payment) => payment.reference ?? '—' },
    { header: t('merchant.payments.amount'), align: 'right', render: (payment) => formatTaka(payment.amount) },
    { header: t('merchant.payments.fee'), align: 'right', render: (payment) => formatTaka(payment.fee) },
    {
      header: t('merchant.payments.refunded'),
      align: 'right',
      render: (payment) => (payment.refunded > 0 ? formatTaka(payment.refunded) : '—'),
    },
    {
      header: t('merchant.payments.actions'),
      render: (payment) => {
        const about = { amount: formatTaka(payment.amount), name: visibleName(payment.payer.name) };
        return (
          <Stack direction="row" spacing={1}>
            <Button
              size="small"
              startIcon={<SpeakIcon />}
              aria-label={t('merchant.payments.readAloudFor', about)}
              onClick={() => onReadAloud(payment)}
            >
              {t('merchant.payments.readAloud')}
            </Button>
            <Button
              size="small"
              aria-label={t('merchant.payments.refundFor', about)}
              disabled={refundable(payment) <= 0}
              onClick={() => onRefund(payment)}
            >
              {t('merchant.payments.refund')}
            </Button>
          </Stack>
        );
      },
    },
  ];
  return (
    <PagedTable
      label={t('merchant.payments.label')}
      columns={columns}
      paged={paged}
      rowKey={(payment) => payment._id}
      emptyText={t('merchant.payments.empty')}
    />
  );
}
