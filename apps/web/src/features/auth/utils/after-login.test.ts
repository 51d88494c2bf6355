import { describe, expect, it } from 'vitest';
import { safeRedirect } from './after-login';

describe('safeRedirect', () => {
  it('follows same-site paths with their query', () => {
    expect(safeRedirect('/personalCenter/invoiceInformation')).toBe('/personalCenter/invoiceInformation');
    expect(safeRedirect('/searchHall?keyword=宝马')).toBe('/searchHall?keyword=宝马');
  });
  it.each([
    null,
    '',
    'https://evil.example/',
    '//evil.example/x',
    '/login?redirect=/home',
    'javascript:alert(1)',
  ])('sends %s home', (raw) => {
    expect(safeRedirect(raw)).toBe('/home');
  });
});
