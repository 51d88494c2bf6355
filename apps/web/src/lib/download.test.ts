import { describe, expect, it } from 'vitest';
import { filenameFromDisposition } from './download';

describe('filenameFromDisposition', () => {
  it.each([
    ["attachment; filename*=UTF-8''%E5%90%88%E5%90%8C.pdf", '合同.pdf'],
    ['attachment; filename="report 2026.xlsx"', 'report 2026.xlsx'],
    ['attachment; filename=plain.txt', 'plain.txt'],
    ['attachment; filename="%E5%8F%91%E7%A5%A8.pdf"', '发票.pdf'],
    ['attachment; filename="a.pdf"; filename*=UTF-8\'\'%E4%B9%99.pdf', '乙.pdf'],
    ['inline', 'download'],
    [undefined, 'download'],
  ])('%s → %s', (header, expected) => {
    expect(filenameFromDisposition(header)).toBe(expected);
  });
});
