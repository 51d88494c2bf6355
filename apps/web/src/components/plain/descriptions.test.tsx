import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Descriptions } from './descriptions';

afterEach(cleanup);

const pairs = (container: HTMLElement) =>
  [...container.querySelectorAll('dl > div')].map((d) => ({
    label: d.querySelector('dt')?.textContent,
    value: d.querySelector('dd')?.textContent,
    wide: d.classList.contains('wide'),
  }));

describe('plain Descriptions', () => {
  it('lists each label with its value, in order', () => {
    const { container } = render(
      <Descriptions
        data-testid="facts"
        items={[
          { label: '姓名', children: '张伟' },
          { label: '手机号', children: '138****8000' },
        ]}
      />,
    );
    expect(screen.getByTestId('facts').tagName).toBe('DL');
    expect(pairs(container)).toEqual([
      { label: '姓名', value: '张伟', wide: false },
      { label: '手机号', value: '138****8000', wide: false },
    ]);
  });

  it('in two columns, a wide pair takes its row and a pair left alone at the end of a row takes it too', () => {
    const { container } = render(
      <Descriptions
        columns={2}
        items={[
          { label: '拍品', children: '丰田卡罗拉', wide: true },
          { label: '保证金', children: '¥5,000.00' },
          { label: '起拍价', children: '¥50,000.00' },
          { label: '加价幅度', children: '¥500.00' },
          { label: '保留价', children: '无保留价' },
          { label: '开拍时间', children: '2026-12-01 10:00' },
          { label: '备注', children: '—', wide: true },
          { label: '结束时间', children: '2026-12-01 12:00' },
        ]}
      />,
    );
    expect(container.querySelector('dl')?.className).toContain('two');
    expect(pairs(container).map((p) => [p.label, p.wide])).toEqual([
      ['拍品', true],
      ['保证金', false],
      ['起拍价', false],
      ['加价幅度', false],
      ['保留价', false],
      // Alone before a wide pair: it takes the row rather than leave a hole.
      ['开拍时间', true],
      ['备注', true],
      ['结束时间', true],
    ]);
  });

  it('in one column marks nothing wide', () => {
    const { container } = render(
      <Descriptions
        items={[
          { label: '甲', children: '1', wide: true },
          { label: '乙', children: '2' },
        ]}
      />,
    );
    expect(pairs(container).every((p) => !p.wide)).toBe(true);
  });
});
