import { KYC_STATUSES, type KycStatus } from '@wallet/shared/contracts';
import { FilterSelect } from '../../components/filter-select';
import { KYC_STATUS_LABELS } from './labels';

const STATUS_OPTIONS = KYC_STATUSES.map((status) => ({ value: status, label: KYC_STATUS_LABELS[status] }));

export function KycStatusFilter({ value, onChange }: { value: KycStatus; onChange: (status: KycStatus) => void }) {
  return (
    <FilterSelect
      id="kyc-status"
      label="Status"
      value={value}
      onChange={(status) => onChange(status as KycStatus)}
      options={STATUS_OPTIONS}
    />
  );
}
