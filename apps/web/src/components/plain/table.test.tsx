import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Table, type Column } from './table';

afterEach(cleanup);

interface Row {
  id: string;
  car: string;
  price: number;
}
const columns: Array<Column<Row>> = [
  { title: '车辆', key: 'car', render: (r) => r.car },
  { title: '价格', key: 'price', wide: true, className: 'nowrap', render: (r) => `¥${r.price}` },
];
const rows: Row[] = [
  { id: '1', car: '卡罗拉', price: 100 },
  { id: '2', car: '帕萨特', price: 200 },
];

describe('plain Table', () => {
  it('draws a header and one row per item, each cell from its column', () => {
    render(<Table columns={columns} rows={rows} rowKey={(r) => r.id} loading={false} empty="空" />);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['车辆', '价格']);
    const body = within(table).getAllByRole('row').slice(1);
    expect(
      body.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['卡罗拉', '¥100'],
      ['帕萨特', '¥200'],
    ]);
    // A column for wider screens carries the class the phone's rule hides, beside its own.
    expect(screen.getByText('¥100').className).toBe('nowrap wide');
    expect(screen.getByText('卡罗拉').className).toBe('');
  });

  it('says what an empty table means, and shows a spinner instead while it loads', () => {
    const { rerender } = render(
      <Table columns={columns} rows={[]} rowKey={(r) => r.id} loading={false} empty="暂无记录" />,
    );
    expect(screen.getByText('暂无记录')).toBeTruthy();
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('false');
    rerender(<Table columns={columns} rows={[]} rowKey={(r) => r.id} loading empty="暂无记录" />);
    expect(screen.queryByText('暂无记录')).toBeNull();
    expect(screen.getByRole('status', { name: '加载中' })).toBeTruthy();
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
  });

  it('pages only when there is more than one page, and asks for the page clicked', () => {
    const onChange = vi.fn();
    const paged = (total: number) => (
      <Table
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        loading={false}
        empty="空"
        page={{ current: 1, pageSize: 10, total, onChange }}
      />
    );
    const { rerender } = render(paged(10));
    expect(screen.queryByRole('navigation', { name: '分页' })).toBeNull();
    rerender(paged(25));
    fireEvent.click(screen.getByRole('button', { name: '第 3 页' }));
    expect(onChange).toHaveBeenCalledWith(3);
  });
});
