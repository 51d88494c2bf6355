import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Button, Space, Table, type TableColumnType } from 'antd';

/** `ids` with the one at `index` moved one place up (-1) or down (+1). */
export function moved(ids: readonly string[], index: number, step: -1 | 1): string[] {
  const next = [...ids];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(index + step, 0, item);
  return next;
}

const MOVES = [
  { step: -1, text: '上移', icon: <ArrowUpOutlined /> },
  { step: 1, text: '下移', icon: <ArrowDownOutlined /> },
] as const;

/**
 * The 顺序 column of an ordered list: 上移 / 下移 buttons (a phone and a keyboard can use them, as
 * they cannot drag), each asking for the whole list in its new order.
 */
function orderColumn<T extends { id: string }>(
  rows: readonly T[],
  name: (row: T) => string,
  busy: boolean,
  reorder: (ids: string[]) => void,
): TableColumnType<T> {
  return {
    title: '顺序',
    width: 72,
    render: (_, row, index) => (
      <Space size={2}>
        {MOVES.map(({ step, text, icon }) => (
          <Button
            key={text}
            size="small"
            type="text"
            icon={icon}
            aria-label={`${text} ${name(row)}`}
            title={text}
            disabled={busy || index + step < 0 || index + step >= rows.length}
            onClick={() =>
              reorder(
                moved(
                  rows.map((r) => r.id),
                  index,
                  step,
                ),
              )
            }
          />
        ))}
      </Space>
    ),
  };
}

/** A whole list in its order (no pages), with the 顺序 column first; sideways scroll on a phone. */
export function OrderedTable<T extends { id: string }>({
  rows,
  name,
  busy,
  reorder,
  loading,
  minWidth,
  emptyText,
  columns,
}: {
  rows: readonly T[];
  /** What a row is called, for its buttons' names. */
  name: (row: T) => string;
  busy: boolean;
  reorder: (ids: string[]) => void;
  loading: boolean;
  minWidth: number;
  emptyText: string;
  columns: TableColumnType<T>[];
}) {
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      tableLayout="auto"
      loading={loading}
      dataSource={rows}
      pagination={false}
      scroll={{ x: minWidth }}
      locale={{ emptyText }}
      columns={[orderColumn(rows, name, busy, reorder), ...columns]}
    />
  );
}
