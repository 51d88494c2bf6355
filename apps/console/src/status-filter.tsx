import { Segmented } from 'antd';

/**
 * A list's filter: 全部, then each status by its text. On a phone the row of statuses is wider than
 * the screen: it scrolls sideways on its own instead of widening the page.
 */
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
    <div className="console-status-filter">
      <Segmented<'all' | S>
        value={value}
        options={[{ value: 'all', label: '全部' }, ...options]}
        onChange={onChange}
      />
    </div>
  );
}
