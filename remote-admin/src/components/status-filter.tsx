import { useT, type AdminMessage } from '../i18n';
import { FilterSelect } from './filter-select';

/** A queue's "Status" choice (identity reviews, disputes): each status by its label (a message id). */
export function StatusFilter<S extends string>({
  id,
  statuses,
  labels,
  value,
  onChange,
  label,
}: {
  id: string;
  /** The select's name, where a page has more than one ("Status" otherwise). */
  label?: string;
  statuses: readonly S[];
  labels: Record<S, AdminMessage>;
  value: S;
  onChange: (status: S) => void;
}) {
  const t = useT();
  return (
    <FilterSelect
      id={id}
      label={label ?? t('admin.status')}
      value={value}
      onChange={(status) => onChange(status as S)}
      options={statuses.map((status) => ({ value: status, label: t(labels[status]) }))}
    />
  );
}
