import type { catalog } from '@chepai/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  choiceLabel,
  initialSelectState,
  pickBrandIn,
  pickModelIn,
  pickSeriesIn,
  stepBackTo,
} from './use-calculator-select';

const brand = { id: '1', name: '比亚迪', logo: '', firstLetter: 'B', country: '中国' } as catalog.Brand;
const series = {
  id: '11',
  seriesName: '海豹',
  fctName: '比亚迪',
  seriesImg: '/img/seal.svg',
} as catalog.Series;
const model = {
  id: '111',
  name: '2025款 650km 长续航',
  year: 2025,
  seriesPrice: '189800.00',
} as catalog.Model;

const chosen = () => pickModelIn(pickSeriesIn(pickBrandIn(initialSelectState(), brand), series), model);

describe('calculator select', () => {
  beforeEach(() => localStorage.clear());

  it('walks brand → series → model and keeps the choice', () => {
    const s = chosen();
    expect(s.activeNum).toBe(3);
    expect(choiceLabel(s)).toBe('比亚迪 > 海豹 > 2025款 650km 长续航');
    expect(s.activeSelectData).toEqual({ brand, series, model });
    expect(s.isCalculate).toBe(true);
  });

  it('stepping back to the series clears the model and the result, keeps the series highlighted', () => {
    const s = stepBackTo(chosen(), 2);
    expect(s.activeNum).toBe(2);
    expect(s.series).toBe(series);
    expect(choiceLabel(s)).toBe('比亚迪 > 海豹');
    expect(s.cheXing).toBe('');
    expect(s.activeSelectData).toBeNull();
    expect(s.isCalculate).toBe(false);
  });

  it('stepping back to the brand clears series, model and the result', () => {
    const s = stepBackTo(chosen(), 1);
    expect(s.activeNum).toBe(1);
    expect(s.brand).toBe(brand);
    expect([s.series, s.cheXi, s.cheXiPicUrl, s.cheXing]).toEqual([null, '', '', '']);
    expect(choiceLabel(s)).toBe('比亚迪');
    expect(s.activeSelectData).toBeNull();
    expect(s.isCalculate).toBe(false);
  });

  it('a new brand or series after a choice also drops the old result', () => {
    expect(pickBrandIn(chosen(), { ...brand, id: '2', name: '宝马' }).activeSelectData).toBeNull();
    expect(pickSeriesIn(stepBackTo(chosen(), 2), { ...series, id: '12', seriesName: '汉' }).isCalculate).toBe(
      false,
    );
  });

  it('steps only backwards', () => {
    const s = stepBackTo(initialSelectState(), 2);
    expect(s.activeNum).toBe(1);
  });

  it('restores a stored choice at the model step with isCalculate set, so it is highlighted again', () => {
    localStorage.setItem('carCalculator', JSON.stringify({ brand, series, model }));
    const s = initialSelectState();
    expect(s.activeNum).toBe(3);
    expect(s.isCalculate).toBe(true);
    expect(s.activeSelectData?.model.id).toBe('111');
    expect(choiceLabel(s)).toBe('比亚迪 > 海豹 > 2025款 650km 长续航');
  });
});
