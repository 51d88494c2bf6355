import { Table, type TableProps } from 'antd';

/** The console's lists: 20 a page, the server's total, compact rows, sideways scroll on a phone. */
export function PagedTable<T extends object>({
  pageNum,
  total,
  onPage,
  minWidth,
  ...rest
}: Omit<TableProps<T>, 'pagination' | 'size' | 'scroll'> & {
  pageNum: number;
  total: number | undefined;
  onPage: (page: number) => void;
  minWidth: number;
}) {
  return (
    <Table<T>
      size="middle"
      scroll={{ x: minWidth }}
      pagination={{
        current: pageNum,
        pageSize: 20,
        total: total ?? 0,
        onChange: onPage,
        showSizeChanger: false,
      }}
      {...rest}
    />
  );
}
