import { describe, expect, it } from 'vitest';
import {
  formatGuidePrice,
  groupBrandsByLetter,
  groupModelsByYear,
  groupSeriesByFct,
  listMaxHeight,
  priceRange,
} from './picker-groups';

const brand = (name: string, firstLetter: string) => ({ id: name, name, logo: '', firstLetter });
const series = (seriesName: string, fctName: string, minPrice: string) => ({
  id: seriesName,
  seriesName,
  fctName,
  seriesImg: '',
  level: '',
  minPrice,
  maxPrice: minPrice,
});
const model = (name: string, year: number, seriesPrice: string) => ({
  id: name,
  name,
  year,
  seriesPrice,
  onSale: true,
});

describe('picker groups', () => {
  it('groups brands by first letter case-insensitively, A–Z then #, names in pinyin order', () => {
    const groups = groupBrandsByLetter([
      brand('比亚迪', 'B'),
      brand('smart', 's'),
      brand('奥迪', 'A'),
      brand('宝马', 'B'),
      brand('?', '#'),
      brand('上汽', 'S'),
    ]);
    expect(groups.map((g) => g.key)).toEqual(['A', 'B', 'S', '#']);
    expect(groups[1]?.items.map((b) => b.name)).toEqual(['宝马', '比亚迪']);
    expect(groups[2]?.items.map((b) => b.name)).toEqual(
      ['上汽', 'smart'].sort(new Intl.Collator('zh-Hans-CN').compare),
    );
  });

  it('groups series by manufacturer in first-seen order, cheapest first', () => {
    const groups = groupSeriesByFct([
      series('X5', '华晨宝马', '600000.00'),
      series('i3', '华晨宝马', '350000.00'),
      series('X7', '宝马(进口)', '900000.00'),
    ]);
    expect(groups.map((g) => g.title)).toEqual(['华晨宝马', '宝马(进口)']);
    expect(groups[0]?.items.map((s) => s.seriesName)).toEqual(['i3', 'X5']);
  });

  it('groups models by year, newest first, by price inside', () => {
    const groups = groupModelsByYear([
      model('a', 2024, '99800.00'),
      model('b', 2025, '129800.00'),
      model('c', 2025, '109800.00'),
    ]);
    expect(groups.map((g) => g.title)).toEqual(['2025款', '2024款']);
    expect(groups[0]?.items.map((m) => m.name)).toEqual(['c', 'b']);
  });

  it('formats prices and caps the list height at 350 px', () => {
    expect(formatGuidePrice('199800.00')).toBe('19.98万');
    expect(formatGuidePrice('1005000.00')).toBe('100.50万');
    expect(priceRange('79800.00', '109800.00')).toBe('7.98-10.98万');
    expect(listMaxHeight(900)).toBe(350);
    expect(listMaxHeight(460)).toBe(300);
  });
});
