import { Table, type TableProps } from 'antd';

/** The console's lists: 20 a page, the server's total, compact rows, sideways scroll on a phone (the actions column fixed at the right). */
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
      // Columns size to their content, as before any column was fixed (a fixed column would switch
      // antd to a fixed layout that squeezes the columns without a width).
      tableLayout="auto"
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
