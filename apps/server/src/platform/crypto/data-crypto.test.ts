import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/test-app';
import { dataCrypto, parseDataKey } from './data-crypto';
import { loadDataCrypto } from './data-key';

const key = randomBytes(32);

describe('dataCrypto', () => {
  const c = dataCrypto(key);

  it('seals to a different text each time and opens back', () => {
    const a = c.seal('110105194912310029', 'x');
    const b = c.seal('110105194912310029', 'x');
    expect(a).not.toBe(b);
    expect(a).not.toContain('110105194912310029');
    expect(c.open(a, 'x')).toBe('110105194912310029');
    expect(c.open(c.seal('中文 账户 6222'), '')).toBe('中文 账户 6222');
  });

  it('refuses a tampered value, another context or another key', () => {
    const sealed = c.seal('6222020200112233445', 'bank');
    const raw = Buffer.from(sealed.split('.')[2]!, 'base64url');
    raw[raw.length - 20]! ^= 1;
    const tampered = `v1.${c.keyId}.${raw.toString('base64url')}`;
    expect(() => c.open(tampered, 'bank')).toThrow();
    expect(() => c.open(sealed, 'id_card')).toThrow();
    const other = dataCrypto(randomBytes(32));
    expect(() => other.open(sealed, 'bank')).toThrow(/另一把密钥/);
    expect(() => c.open('plain text', 'bank')).toThrow('不是本系统加密的数据');
  });

  it('gives equal blind indexes for equal values only, per context and per key', () => {
    expect(c.blindIndex('a', 'x')).toBe(c.blindIndex('a', 'x'));
    expect(c.blindIndex('a', 'x')).not.toBe(c.blindIndex('b', 'x'));
    expect(c.blindIndex('a', 'x')).not.toBe(c.blindIndex('a', 'y'));
    expect(dataCrypto(randomBytes(32)).blindIndex('a', 'x')).not.toBe(c.blindIndex('a', 'x'));
  });

  it('reads DATA_ENCRYPTION_KEY as hex or base64 of 32 bytes', () => {
    expect(parseDataKey(key.toString('hex')).equals(key)).toBe(true);
    expect(parseDataKey(key.toString('base64')).equals(key)).toBe(true);
    expect(parseDataKey(key.toString('base64url')).equals(key)).toBe(true);
    expect(() => parseDataKey(randomBytes(16).toString('hex'))).toThrow(/32 字节/);
  });
});

describe('the deployment key', () => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => drop?.());

  it('is generated once and kept; a different given key is refused once data was sealed', async () => {
    const created = await createTestDb();
    drop = created.drop;
    const { db } = created.dbh;
    const first = await loadDataCrypto(db);
    const again = await loadDataCrypto(db);
    expect(again.keyId).toBe(first.keyId);
    expect(again.open(first.seal('x'))).toBe('x');
    const stored = await db
      .selectFrom('app_secret')
      .select('value')
      .where('name', '=', 'data_encryption_key')
      .executeTakeFirstOrThrow();
    expect(dataCrypto(parseDataKey(stored.value)).keyId).toBe(first.keyId);
    await expect(loadDataCrypto(db, randomBytes(32).toString('hex'))).rejects.toThrow(/不一致/);
  });

  it('uses DATA_ENCRYPTION_KEY without writing any key into the database', async () => {
    const created = await createTestDb();
    drop = created.drop;
    const { db } = created.dbh;
    const given = randomBytes(32);
    const c = await loadDataCrypto(db, given.toString('base64'));
    expect(c.keyId).toBe(dataCrypto(given).keyId);
    const names = (await db.selectFrom('app_secret').select('name').execute()).map((r) => r.name);
    expect(names).not.toContain('data_encryption_key');
    expect(names).toContain('data_key_id');
  });
});
