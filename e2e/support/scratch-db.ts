import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

// Tests that move time with SQL run their own server on a database of their own on the PostgreSQL
// of the machine (or TEST_DATABASE_URL); they skip when none answers.

export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function pgReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

export async function asAdmin(sql: string) {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

export const urlOf = (name: string) => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  return u.toString();
};

/** A fresh, empty database named after the test; `drop()` removes it (connections and all). */
export async function scratchDatabase(prefix: string) {
  const name = `chepai_e2e_${prefix}_${process.pid}_${Date.now()}`;
  await asAdmin(`CREATE DATABASE ${name}`);
  return { url: urlOf(name), drop: () => asAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** A database migrated and seeded once for the run, with the files its seed stored. */
export interface SeededTemplate {
  name: string;
  dataDir: string;
}

/**
 * The run's seeded template (global-setup.ts): a database its first server migrated and seeded,
 * and that server's data dir (the seed stores the demo submissions' photos and documents there).
 */
export async function makeTemplate(seed: (url: string, dataDir: string) => Promise<void>) {
  const template = await scratchDatabase('template');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chepai-e2e-template-'));
  await seed(template.url, dataDir);
  const name = new URL(template.url).pathname.slice(1);
  return {
    template: { name, dataDir } satisfies SeededTemplate,
    async drop() {
      await template.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The code the development outbox holds for a phone and purpose (the sandbox SMS gateway). */
export async function latestCode(baseURL: string, tel: string, purpose: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${baseURL}/api/dev/sms-outbox?tel=${tel}`);
    const body = (await res.json()) as { data: Array<{ code: string; purpose: string }> };
    const hit = body.data.find((m) => m.purpose === purpose);
    if (hit) return hit.code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no ${purpose} code for ${tel}`);
}

/** A registration-phase demo lot of 李晓梅's unit (demo-seller-2) that nobody has touched. */
export async function untouchedDemoLot(db: pg.Client): Promise<{ id: string; title: string }> {
  const picked = await db.query<{ id: string; title: string }>(
    `SELECT id::text, title FROM lot WHERE status = 2 AND bid_count = 0
       AND seller_id = (SELECT id FROM seller_org WHERE code = 'demo-seller-2')
       AND NOT EXISTS (SELECT 1 FROM deposit_ledger d WHERE d.lot_id = lot.id) ORDER BY id LIMIT 1`,
  );
  const row = picked.rows[0];
  if (!row) throw new Error('no registration-phase demo lot to use');
  return row;
}

/** The lot as its unit submitted it (an approved order), so the seller's detailInfo follows its deal. */
export async function recordAsSubmitted(db: pg.Client, lotId: string): Promise<void> {
  await db.query(
    `INSERT INTO auction_order (id, seller_org_id, submitted_by, stage, form, title, vin, plate_no, submitted_at, updated_at)
     SELECT lot.id, lot.seller_id, m.user_id, 'approved',
            jsonb_build_object('photos', '[]'::jsonb, 'startPrice', lot.start_price), lot.title, lot.vin, lot.plate_no, now(), now()
       FROM lot JOIN seller_member m ON m.seller_org_id = lot.seller_id WHERE lot.id = $1 LIMIT 1`,
    [lotId],
  );
}
