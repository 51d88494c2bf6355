import type { ReactNode } from 'react';
import { Empty } from './empty';
import { Pager } from './pager';
import { Spinner } from './spinner';
import './plain-table.css';

export interface Column<T> {
  title: string;
  key: string;
  render: (row: T) => ReactNode;
  className?: string;
  /** Shown from tablet width (768 px) up, like antd's `responsive: ['md']`: a phone keeps what matters. */
  wide?: boolean;
}

interface Props<T> {
  columns: Array<Column<T>>;
  rows: T[];
  rowKey: (row: T) => string;
  loading: boolean;
  /** What an empty table says. */
  empty: ReactNode;
  /** Tighter rows (antd's size small): long lists such as the bid records. */
  small?: boolean;
  /** Paged: the pager shows under the table once there is more than one page. */
  page?: {
    current: number;
    pageSize: number;
    total: number;
    onChange: (page: number) => void;
    totalText?: (total: number) => string;
  };
}

/**
 * A table drawn like antd's Table, without antd (docs/decisions/034-every-public-page-under-its-ceiling.md):
 * a header row, one row per item, an empty state, a dimmed body while a page loads, and the pager.
 */
export function Table<T>({ columns, rows, rowKey, loading, empty, small, page }: Props<T>) {
  const cls = (c: Column<T>) => [c.className, c.wide ? 'wide' : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="plain-table-wrap">
      <table
        className={['plain-table', small ? 'small' : '', loading ? 'loading' : ''].filter(Boolean).join(' ')}
        aria-busy={loading}
      >
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={cls(c)}>
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td key={c.key} className={cls(c)}>
                  {c.render(row)}
                </td>
              ))}
            </tr>
          ))}
          {rows.length === 0 && (
            <tr className="plain-table-placeholder">
              <td colSpan={columns.length}>{loading ? <Spinner /> : <Empty description={empty} />}</td>
            </tr>
          )}
        </tbody>
      </table>
      {page && <Pager {...page} hideOnSinglePage end />}
    </div>
  );
}
