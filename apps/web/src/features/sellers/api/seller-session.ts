import { sellers } from '@chepai/shared';
import { callApi } from '../../../lib/api';
import { getSession, onSessionChange, saveSession } from '../../../lib/session';
import { toSessionUser } from './seller-api';

/** One callback per state: a second run of the guard for the same address waits for the first. */
const pending = new Map<string, Promise<string>>();

/**
 * `/home?code=…&state=…`: the issuer sent the seller back. The code is handed to the server once,
 * the session stored as for buyers, and the address replaced by where the seller was going.
 * Resolves to that address.
 */
export function completeSellerLogin(params: URLSearchParams): Promise<string> {
  const state = params.get('state') ?? '';
  let run = pending.get(state);
  if (!run) {
    run = (async () => {
      const iss = params.get('iss');
      const data = await callApi(sellers.loginCallback, {
        code: params.get('code') ?? '',
        state,
        ...(iss ? { iss } : {}),
      });
      // The router is rebuilt for the new role from the address bar: set it first.
      window.history.replaceState(null, '', data.redirect);
      saveSession(toSessionUser(data.userInfo, data.token));
      return data.redirect;
    })();
    pending.set(state, run);
  }
  return run;
}

/**
 * A seller's logout also ends the issuer's session (RP-initiated logout): the server revokes ours
 * and answers where to send the browser. Must run before the generic logout hook revokes the token.
 */
export async function endSellerSession(): Promise<void> {
  if (getSession()?.role !== 'seller') return;
  const { endSessionUrl } = await callApi(sellers.logout, {}, { silent: true });
  if (!endSessionUrl) return;
  // Leave for the issuer only once the session is cleared here (after every hook has run).
  const off = onSessionChange((user) => {
    if (user) return;
    off();
    window.location.assign(endSessionUrl);
  });
}
