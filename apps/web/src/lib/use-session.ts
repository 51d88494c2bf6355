import { useSyncExternalStore } from 'react';
import { getSession, onSessionChange, type SessionUser } from './session';

let cached: { raw: string | null; user: SessionUser | null } = { raw: null, user: null };

function snapshot(): SessionUser | null {
  const raw = localStorage.getItem('user');
  if (raw !== cached.raw) cached = { raw, user: getSession() };
  return cached.user;
}

const subscribe = (cb: () => void) => {
  const off = onSessionChange(cb);
  window.addEventListener('storage', cb);
  return () => {
    off();
    window.removeEventListener('storage', cb);
  };
};

/** The logged-in user, re-rendering on login, logout and changes in other tabs. */
export const useSession = () => useSyncExternalStore(subscribe, snapshot, () => null);
