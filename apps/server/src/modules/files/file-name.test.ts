import { describe, expect, it } from 'vitest';
import { cleanFileName, contentDisposition } from './file-name';

describe('cleanFileName', () => {
  it('keeps a readable name and takes the extension of the real type', () => {
    expect(cleanFileName('行驶证 正本.JPG', 'jpg')).toBe('行驶证 正本.jpg');
    expect(cleanFileName('scan.png', 'pdf')).toBe('scan.pdf');
    expect(cleanFileName('noext', 'png')).toBe('noext.png');
    expect(cleanFileName(undefined, 'png')).toBe('文件.png');
    expect(cleanFileName('.jpg', 'jpg')).toBe('文件.jpg');
  });

  it('removes control and bidi-override characters (no "gpj.exe" tricks)', () => {
    expect(cleanFileName('car\u202egpj.exe', 'jpg')).toBe('cargpj.jpg');
    expect(cleanFileName('a\u0000b\tc\r\n.png', 'png')).toBe('abc.png');
  });

  it('refuses a path, and cuts a long name to 100 characters', () => {
    for (const bad of ['../x.png', 'a/b.png', 'C:\\x.png', '..', '.']) {
      expect(() => cleanFileName(bad, 'png')).toThrow('文件名不能包含路径');
    }
    expect(cleanFileName(`${'车'.repeat(300)}.png`, 'png')).toBe(`${'车'.repeat(100)}.png`);
  });

  it('encodes any name for Content-Disposition', () => {
    expect(contentDisposition('inline', '合同 "1".pdf')).toBe(
      `inline; filename="__ _1_.pdf"; filename*=UTF-8''${encodeURIComponent('合同 "1".pdf')}`,
    );
  });
});
