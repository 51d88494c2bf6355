import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface LoginFlow {
  state: string;
  code_verifier: string;
  nonce: string;
  browser_hash: string;
  redirect: string;
  created_at: Date;
  expires_at: Date;
}

/** SQL for pending single sign-on requests: written at start, taken (deleted) once at the callback. */
export function loginFlowRepo(db: Kysely<Database>) {
  return {
    insert: (flow: LoginFlow) => db.insertInto('sso_login_flow').values(flow).execute(),
    /** Single use: whoever deletes the row owns the flow. */
    take: (state: string) =>
      db.deleteFrom('sso_login_flow').where('state', '=', state).returningAll().executeTakeFirst(),
    deleteExpired: (before: Date) =>
      db.deleteFrom('sso_login_flow').where('expires_at', '<', before).execute(),
  };
}
