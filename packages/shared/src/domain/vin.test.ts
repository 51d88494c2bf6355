import { describe, expect, it } from 'vitest';
import { normalizeVin, vinCheckDigit, vinProblem } from './vin';

describe('VIN check digit', () => {
  it('accepts published VINs with their check digit', () => {
    // The ISO 3779 / NHTSA worked example and a check digit of X.
    expect(vinProblem('1M8GDM9AXKP042788')).toBeNull();
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(vinProblem('11111111111111111')).toBeNull();
    expect(vinProblem('LSVAU218XN2183294')).toBeNull();
  });

  it('names what is wrong', () => {
    expect(vinProblem('1M8GDM9A1KP042788')).toBe('checkDigit');
    expect(vinProblem('1M8GDM9AXKP04278')).toBe('length');
    expect(vinProblem('1M8GDM9AXKPO42788')).toBe('characters');
  });

  it('normalises spaces and case', () => {
    expect(normalizeVin(' 1m8gdm9axk p042788 ')).toBe('1M8GDM9AXKP042788');
  });
});
