import Chip, { type ChipProps } from '@mui/material/Chip';
import type { RequestStatus } from '@wallet/shared/contracts';
import { useT, type UserMessage } from '../../i18n';

/** Each status's word and colour: filled chips whose text keeps 4.5:1 in both schemes; the word carries the meaning. */
const STATUSES: Record<RequestStatus, { label: UserMessage; color: ChipProps['color'] }> = {
  open: { label: 'user.requests.status.open', color: 'primary' },
  paid: { label: 'user.requests.status.paid', color: 'success' },
  declined: { label: 'user.requests.status.declined', color: 'default' },
  cancelled: { label: 'user.requests.status.cancelled', color: 'default' },
  expired: { label: 'user.requests.status.expired', color: 'default' },
};

export function RequestStatusChip({ status }: { status: RequestStatus }) {
  const t = useT();
  const { label, color } = STATUSES[status];
  return <Chip size="small" color={color} label={t(label)} />;
}
