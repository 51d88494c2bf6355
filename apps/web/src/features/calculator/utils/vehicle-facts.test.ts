import { describe, expect, it } from 'vitest';
import { formatFen, vehicleFacts } from './vehicle-facts';

describe('vehicle facts from configInfo', () => {
  it('reads a plug-in hybrid: NEV, displacement from 气缸容积, seats', () => {
    const facts = vehicleFacts({
      基本参数: { 能源类型: '插电式混合动力' },
      发动机: { 气缸容积: '1498mL', 排量: '1.5L' },
      车身: { 座位数: '5个' },
    });
    expect(facts).toEqual({
      energyType: '插电式混合动力',
      isNewEnergy: true,
      displacementL: 1.498,
      seats: 5,
    });
  });

  it('reads a petrol seven-seater from 排量 when 气缸容积 is missing', () => {
    const facts = vehicleFacts({
      基本参数: { 能源类型: '汽油' },
      发动机: { 排量: '2.0L' },
      车身: { 座位数: '7个' },
    });
    expect(facts).toEqual({ energyType: '汽油', isNewEnergy: false, displacementL: 2, seats: 7 });
  });

  it('gives a battery car no displacement, and defaults seats to 5', () => {
    expect(vehicleFacts({ 基本参数: { 能源类型: '纯电动' } })).toEqual({
      energyType: '纯电动',
      isNewEnergy: true,
      displacementL: null,
      seats: 5,
    });
    expect(vehicleFacts({}).energyType).toBe('未知');
    expect(vehicleFacts({ 基本参数: { 能源类型: '油电混合' } }).isNewEnergy).toBe(false);
  });

  it('formats fen as grouped yuan', () => {
    expect(formatFen(12800000)).toBe('¥128,000.00');
    expect(formatFen(5)).toBe('¥0.05');
    expect(formatFen(-123456789)).toBe('-¥1,234,567.89');
  });
});
