/** Only same-site paths are followed after login (no open redirect). */
export function safeRedirect(raw: string | null): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/login')) return '/home';
  return raw;
}

/** A first login is welcomed; only a returning user is welcomed back. */
export function welcomeText(name: string | undefined, firstLogin: boolean): string {
  const who = name ? `，${name}` : '';
  return firstLogin ? `欢迎来到车拍商城${who}` : `欢迎回来${who}`;
}
