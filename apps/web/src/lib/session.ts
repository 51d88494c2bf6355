import type { accounts, Role } from '@chepai/shared';

/** The session lives in localStorage: `user` holds the user info with its token, `role` the role. */
export type SessionUser = Partial<accounts.UserInfo> & {
  token: string;
  role: Role;
  /** A seller's name and the business unit the session acts for (sellers.SellerUserInfo). */
  sellerName?: string;
  businessUnitId?: string | null;
  businessUnitName?: string;
};

const USER_KEY = 'user';
const ROLE_KEY = 'role';
type Listener = (user: SessionUser | null) => void;
const listeners = new Set<Listener>();

export function getSession(): SessionUser | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    if (!raw) return null;
    const user = JSON.parse(raw) as SessionUser;
    return typeof user.token === 'string' && user.token ? user : null;
  } catch {
    return null;
  }
}

export const getToken = () => getSession()?.token ?? null;

export function saveSession(user: SessionUser) {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  localStorage.setItem(ROLE_KEY, user.role);
  for (const l of listeners) l(user);
}

export function clearSession() {
  localStorage.removeItem(USER_KEY);
  localStorage.removeItem(ROLE_KEY);
  for (const l of listeners) l(null);
}

export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const displayName = (u: SessionUser) => (u.role === 'seller' ? u.sellerName : u.buyerName) ?? '用户';
