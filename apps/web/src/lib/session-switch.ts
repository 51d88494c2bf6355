import { clearSession, getSession, saveSession, type SessionUser } from './session';

/**
 * The router is rebuilt when the role changes (login, logout), starting from the address bar; so
 * the address is set first, and an unchanged role simply navigates.
 */
export function switchSession(
  next: SessionUser | null,
  target: string,
  navigate: (to: string, opts?: { replace?: boolean }) => void | Promise<void>,
) {
  const before = getSession()?.role ?? null;
  const after = next?.role ?? null;
  if (before === after) {
    if (next) saveSession(next);
    else clearSession();
    void navigate(target, { replace: true });
    return;
  }
  window.history.replaceState(null, '', target);
  if (next) saveSession(next);
  else clearSession();
}
