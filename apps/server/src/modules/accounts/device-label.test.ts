import { describe, expect, it } from 'vitest';
import { deviceLabel } from './device-label';

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0',
  wechatAndroid:
    'Mozilla/5.0 (Linux; Android 13; V2183A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  headless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
};

describe('deviceLabel', () => {
  it('names the browser and the system', () => {
    expect(deviceLabel(UA.chromeWindows)).toBe('Chrome · Windows');
    expect(deviceLabel(UA.edgeWindows)).toBe('Edge · Windows');
    expect(deviceLabel(UA.safariIphone)).toBe('Safari · iOS');
    expect(deviceLabel(UA.safariMac)).toBe('Safari · macOS');
    expect(deviceLabel(UA.firefoxLinux)).toBe('Firefox · Linux');
    expect(deviceLabel(UA.wechatAndroid)).toBe('微信 · Android');
    expect(deviceLabel(UA.headless)).toBe('Chrome · Linux');
  });

  it('still names the browser from a User-Agent trimmed to 200 characters', () => {
    expect(deviceLabel(UA.wechatAndroid.slice(0, 200))).toMatch(/ · Android$/);
  });

  it('answers null for nothing recognisable', () => {
    expect(deviceLabel(null)).toBeNull();
    expect(deviceLabel('')).toBeNull();
    expect(deviceLabel('   ')).toBeNull();
    expect(deviceLabel('curl-ish')).toBeNull();
  });

  it('keeps a partial answer when only one half is known', () => {
    expect(deviceLabel('Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe('Windows');
  });
});
