import { describe, expect, it } from 'vitest';
import {
  allEqual,
  buildCompareRows,
  compareBodyHtml,
  MISSING_VALUE,
  rowCellsHtml,
  valueKind,
} from './compare-rows';

const known = [
  { category: '基本参数', params: ['厂商指导价', '能源类型', '级别'] },
  { category: '发动机', params: ['排量'] },
  { category: '电动机', params: ['电动机总功率'] },
];

describe('compare rows', () => {
  it('groups by category in the known order, keeps only known names, fills missing with " - "', () => {
    const a = {
      基本参数: { 能源类型: '汽油', 厂商指导价: '15.98万元', 神秘参数: 'x' },
      发动机: { 排量: '1.5L' },
    };
    const b = {
      基本参数: { 厂商指导价: '22.98万元', 能源类型: '纯电动' },
      电动机: { 电动机总功率: '150kW' },
    };
    const rows = buildCompareRows(known, [a, b]);
    expect(rows.map((c) => c.category)).toEqual(['基本参数', '发动机', '电动机']);
    expect(rows[0]?.rows.map((r) => r.name)).toEqual(['厂商指导价', '能源类型']);
    expect(rows[1]?.rows[0]?.values).toEqual(['1.5L', MISSING_VALUE]);
    expect(rows[2]?.rows[0]?.values).toEqual([MISSING_VALUE, '150kW']);
    expect(MISSING_VALUE).toBe(' - ');
  });

  it('marks rows whose values are all equal, and categories that are all equal', () => {
    const a = { 基本参数: { 厂商指导价: '15.98万元', 能源类型: '汽油' }, 发动机: { 排量: '1.5L' } };
    const b = { 基本参数: { 厂商指导价: '16.98万元', 能源类型: '汽油' }, 发动机: { 排量: '1.5L' } };
    const rows = buildCompareRows(known, [a, b]);
    expect(rows[0]?.rows.map((r) => r.same)).toEqual([false, true]);
    expect(rows[0]?.allSame).toBe(false);
    expect(rows[1]?.allSame).toBe(true);
  });

  it('treats a single car as nothing to hide, and "-" equal to a missing value', () => {
    expect(buildCompareRows(known, [{ 发动机: { 排量: '1.5L' } }])[0]?.rows[0]?.same).toBe(false);
    expect(allEqual(['-', MISSING_VALUE])).toBe(true);
    expect(allEqual(['●', '○'])).toBe(false);
    expect(buildCompareRows(known, [undefined, undefined])).toEqual([]);
  });

  it('classifies ● ○ - values', () => {
    expect(['●', '○ 5000元', '-', '150kW'].map(valueKind)).toEqual(['standard', 'optional', 'none', 'text']);
  });
});

describe('row cells html', () => {
  it('escapes every name and value and marks the first car', () => {
    const html = rowCellsHtml({ name: '<b>尺寸</b>', values: ['●', 'a & "b"'] });
    expect(html).toBe(
      '<div class="cg-cell param-col" role="rowheader">&lt;b&gt;尺寸&lt;/b&gt;</div>' +
        '<div class="cg-cell cg-val v-standard first-car" role="cell">●</div>' +
        '<div class="cg-cell cg-val v-text" role="cell">a &amp; &quot;b&quot;</div>',
    );
    const div = document.createElement('div');
    div.innerHTML = rowCellsHtml({ name: 'x', values: ['<img src=x onerror=alert(1)>'] });
    expect(div.querySelector('img')).toBeNull();
  });
});

describe('compare body html', () => {
  it('builds every category title and row, in order, with same/diff marks', () => {
    const a = { 基本参数: { 厂商指导价: '15.98万元', 能源类型: '汽油' }, 发动机: { 排量: '1.5L' } };
    const b = { 基本参数: { 厂商指导价: '16.98万元', 能源类型: '汽油' }, 发动机: { 排量: '1.5L' } };
    const body = document.createElement('div');
    body.innerHTML = compareBodyHtml(buildCompareRows(known, [a, b]));
    const rows = Array.from(body.children).map((el) => [
      el.className,
      el.getAttribute('data-category') ?? el.firstElementChild?.textContent,
    ]);
    expect(rows).toEqual([
      ['cg-cat', '基本参数'],
      ['cg-row row-diff', '厂商指导价'],
      ['cg-row row-same', '能源类型'],
      ['cg-cat cat-same', '发动机'],
      ['cg-row row-same', '排量'],
    ]);
    expect(Array.from(body.querySelectorAll('.row-diff .cg-val')).map((c) => c.textContent)).toEqual([
      '15.98万元',
      '16.98万元',
    ]);
  });

  it('escapes category names, also inside the data-category attribute', () => {
    const html = compareBodyHtml([{ category: '"><img src=x>', allSame: false, rows: [] }]);
    const body = document.createElement('div');
    body.innerHTML = html;
    expect(body.querySelector('img')).toBeNull();
    expect(body.firstElementChild?.getAttribute('data-category')).toBe('"><img src=x>');
  });
});
