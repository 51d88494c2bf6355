import { describe, expect, it } from 'vitest';
import { findControlChar } from './control-chars';

describe('findControlChar', () => {
  it('finds nothing in clean input, however nested', () => {
    expect(findControlChar({ a: '朗逸\t2022\n', b: [1, 'x', { c: null, d: ['\r'] }] })).toBeNull();
    expect(findControlChar('')).toBeNull();
    expect(findControlChar(null)).toBeNull();
  });

  it('gives the path of the first string holding a control character', () => {
    expect(findControlChar('a\u0000b')).toEqual([]);
    expect(findControlChar({ a: 'ok', b: [{ c: 'ok' }, { d: 'x\u001fy' }] })).toEqual(['b', 1, 'd']);
    expect(findControlChar(['ok', ['ok', 'del\u007f']])).toEqual([1, 1]);
  });

  it('stops at the first one, and names a bad key by the object that holds it', () => {
    expect(findControlChar({ a: { 'k\u0001': 'v' }, b: 'x\u0002' })).toEqual(['a']);
    expect(findControlChar({ a: ['x\u0003'], b: 'x\u0002' })).toEqual(['a', 0]);
  });

  it('starts from a given path, which it does not change', () => {
    const base = ['body'];
    expect(findControlChar({ n: 'x\u0008' }, base)).toEqual(['body', 'n']);
    expect(base).toEqual(['body']);
  });
});
