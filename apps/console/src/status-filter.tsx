import { Segmented } from 'antd';

/** A list's filter: 全部, then each status by its text. */
export function StatusFilter<S extends string>({
  value,
  texts,
  onChange,
}: {
  value: 'all' | S;
  texts: Record<S, string>;
  onChange: (value: 'all' | S) => void;
}) {
  const options = (Object.entries(texts) as Array<[S, string]>).map(([v, label]) => ({ value: v, label }));
  return (
    <Segmented<'all' | S>
      value={value}
      style={{ marginBottom: 12 }}
      options={[{ value: 'all', label: '全部' }, ...options]}
      onChange={onChange}
    />
  );
}
