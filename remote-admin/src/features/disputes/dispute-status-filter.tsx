import { DISPUTE_STATUSES, type DisputeStatus } from '@wallet/shared/contracts';
import { FilterSelect } from '../../components/filter-select';
import { DISPUTE_STATUS_LABELS } from './labels';

const STATUS_OPTIONS = DISPUTE_STATUSES.map((status) => ({ value: status, label: DISPUTE_STATUS_LABELS[status] }));

export function DisputeStatusFilter({
  value,
  onChange,
}: {
  value: DisputeStatus;
  onChange: (status: DisputeStatus) => void;
}) {
  return (
    <FilterSelect
      id="dispute-status"
      label="Status"
      value={value}
      onChange={(status) => onChange(status as DisputeStatus)}
      options={STATUS_OPTIONS}
    />
  );
}
