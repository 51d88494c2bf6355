import { UAParser } from 'ua-parser-js';

/** Names some systems as people know them; ua-parser-js's own names otherwise. */
const OS_NAMES: Record<string, string> = { 'Mac OS': 'macOS', 'Chromium OS': 'ChromeOS' };
/** WeChat's and other in-app browsers are named by ua-parser-js already; these read better short. */
const BROWSER_NAMES: Record<string, string> = {
  'Mobile Safari': 'Safari',
  'Chrome WebView': 'WebView',
  'Chrome Headless': 'Chrome',
  WeChat: '微信',
};

/**
 * A short label for a session's device on the security page: 'Chrome · Windows', 'Safari · iOS',
 * '微信 · Android'. Null when there is no User-Agent or nothing in it is recognised.
 */
export function deviceLabel(userAgent: string | null | undefined): string | null {
  if (!userAgent?.trim()) return null;
  const { browser, os } = new UAParser(userAgent).getResult();
  const name = browser.name ? (BROWSER_NAMES[browser.name] ?? browser.name) : null;
  const system = os.name ? (OS_NAMES[os.name] ?? os.name) : null;
  const parts = [name, system].filter((p): p is string => Boolean(p));
  return parts.length ? parts.join(' · ') : null;
}
