import { FilterSelect } from './filter-select';

/** A queue's "Status" choice (identity reviews, disputes): each status by its label. */
export function StatusFilter<S extends string>({
  id,
  statuses,
  labels,
  value,
  onChange,
}: {
  id: string;
  statuses: readonly S[];
  labels: Record<S, string>;
  value: S;
  onChange: (status: S) => void;
}) {
  return (
    <FilterSelect
      id={id}
      label="Status"
      value={value}
      onChange={(status) => onChange(status as S)}
      options={statuses.map((status) => ({ value: status, label: labels[status] }))}
    />
  );
}
