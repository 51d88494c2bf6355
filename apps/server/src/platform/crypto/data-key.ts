import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { DbHandle } from '../../db/client';
import type { Database } from '../../db/schema';
import { ensureSecret } from '../secrets/secrets';
import { dataCrypto, makeDataKey, parseDataKey, type DataCrypto } from './data-crypto';

/**
 * The deployment's data key: `DATA_ENCRYPTION_KEY` when given (kept outside the database), else
 * one generated at first start and kept in `app_secret` like the RSA key. The key's fingerprint
 * is recorded on first use; a later start with a different key refuses to run instead of
 * writing values that the rows already stored could not be read beside.
 */
export async function loadDataCrypto(db: Kysely<Database>, envKey?: string): Promise<DataCrypto> {
  const key = parseDataKey(envKey ?? (await ensureSecret(db, 'data_encryption_key', makeDataKey)));
  const crypto = dataCrypto(key);
  const recorded = await ensureSecret(db, 'data_key_id', () => crypto.keyId);
  if (recorded !== crypto.keyId) {
    throw new Error(
      `数据加密密钥与数据库中已加密数据使用的密钥（指纹 ${recorded}）不一致，当前密钥指纹 ${crypto.keyId}。` +
        '请使用原密钥启动（DATA_ENCRYPTION_KEY 或数据库中生成的密钥）。',
    );
  }
  return crypto;
}

const loaded = new WeakMap<DbHandle, Promise<DataCrypto>>();

/** One DataCrypto per database handle, shared by every module of the process. */
export function dataCryptoFor(ctx: AppContext): Promise<DataCrypto> {
  let found = loaded.get(ctx.dbh);
  if (!found) {
    found = loadDataCrypto(ctx.dbh.db, ctx.env.DATA_ENCRYPTION_KEY);
    found.catch(() => loaded.delete(ctx.dbh));
    loaded.set(ctx.dbh, found);
  }
  return found;
}
