import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect, inject } from 'vitest';
import {
  asAdmin,
  latestCode,
  recordAsSubmitted,
  scratchDatabase,
  untouchedDemoLot,
  urlOf,
} from './scratch-db';
import { startServer } from './server';

// Deals set up through the API and the scratch database, for tests that drive in the browser only
// what comes after (deal.e2e.ts drives the winning itself).

export interface Answer<T> {
  status: number;
  code: number;
  msg: string;
  data: T;
}

/**
 * A database of the test's own, with the demo data already in it: a copy of the run's seeded
 * template and of its files, so that its server starts without seeding anew (about as long as
 * the rest of a file's set-up on a loaded machine). Without a template (a run against
 * E2E_BASE_URL, or no PostgreSQL at set-up), an empty database its server seeds.
 */
export async function seededDatabase(prefix: string) {
  const template = inject('scratchTemplate');
  if (!template) return { ...(await scratchDatabase(prefix)), dataDir: undefined };
  const name = `chepai_e2e_${prefix}_${process.pid}_${Date.now()}`;
  await asAdmin(`CREATE DATABASE ${name} TEMPLATE ${template.name}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `chepai-e2e-${prefix}-`));
  fs.cpSync(template.dataDir, dataDir, { recursive: true });
  return {
    url: urlOf(name),
    dataDir,
    async drop() {
      await asAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A server of its own on a scratch PostgreSQL database with the demo data (tests that move time
 * with SQL), its scheduler ticking every `schedulerMs` (500 ms), and a client on that database;
 * `close()` ends all three.
 */
export async function serverOnScratch(prefix: string, schedulerMs = 500) {
  const scratch = await seededDatabase(prefix);
  const server = await startServer({
    DATABASE_URL: scratch.url,
    SCHEDULER_INTERVAL_MS: String(schedulerMs),
    ...(scratch.dataDir ? { DATA_DIR: scratch.dataDir } : {}),
  });
  const db = new pg.Client({ connectionString: scratch.url });
  await db.connect();
  return {
    server,
    db,
    async close() {
      await db.end();
      await server.stop();
      await scratch.drop();
    },
  };
}

/** Calls `/api<path>` as the session `token`: the HTTP status and the envelope. */
export async function api<T = unknown>(
  baseURL: string,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  body: Record<string, unknown> = {},
): Promise<Answer<T>> {
  const query = method === 'GET' ? `?${new URLSearchParams(body as Record<string, string>).toString()}` : '';
  const res = await fetch(`${baseURL}/api${path}${query}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: token },
    ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, ...((await res.json()) as Omit<Answer<T>, 'status'>) };
}

/** The sandbox company's success notice for a payment, as its cashier's 确认支付 sends it. */
export async function paid(baseURL: string, paymentNo: string) {
  const res = await fetch(`${baseURL}/api/dev/payments/${paymentNo}/succeed`, { method: 'POST' });
  expect(res.status, await res.text()).toBe(200);
}

/**
 * A registration-phase lot of 李晓梅's unit, put in bidding now (start ¥30,000, step ¥500, deposit
 * ¥5,000, no reserve, ends in 30 minutes) and recorded as the unit's submission.
 */
export async function lotInBidding(db: pg.Client): Promise<{ id: string; title: string }> {
  const lot = await untouchedDemoLot(db);
  const now = Date.now();
  await db.query(
    `UPDATE lot SET status = 3, reserve_price = NULL, start_time = $2, end_time = $3,
       start_price = 3000000, increment = 50000, deposit = 500000, current_price = 3000000, list_price = 3000000
     WHERE id = $1`,
    [lot.id, new Date(now - 10 * 60_000), new Date(now + 30 * 60_000)],
  );
  await recordAsSubmitted(db, lot.id);
  return lot;
}

const AUC = '/mall-auction/buyer/auc_order';

/** Pays the lot's deposit and bids `amount` (yuan) as the buyer. */
export async function depositAndBid(baseURL: string, token: string, lotId: string, amount: string) {
  const deposit = await api<{ paymentNo: string }>(baseURL, token, 'POST', `${AUC}/deposit`, {
    orderId: lotId,
  });
  expect(deposit.status, deposit.msg).toBe(200);
  await paid(baseURL, deposit.data.paymentNo);
  const bid = await api(baseURL, token, 'POST', `${AUC}/bid`, { orderId: lotId, amount });
  expect(bid.status, bid.msg).toBe(200);
}

/** Waits until `read()` answers `want` (set-up code runs outside a test, where expect.poll may not). */
export async function until<T>(read: () => Promise<T>, want: T, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await read();
    if (last === want) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what}: still ${String(last)}, not ${String(want)}`);
}

export const dealStage = async (db: pg.Client, lotId: string) =>
  (await db.query<{ stage: string }>('SELECT stage FROM deal WHERE lot_id = $1', [lotId])).rows[0]?.stage ??
  null;

/** Ends the lot now and lets the server's scheduler close it: resolves when the deal stands at `stage`. */
export async function closeNow(db: pg.Client, lotId: string) {
  await db.query('UPDATE lot SET end_time = now(), list_end_time = now() WHERE id = $1', [lotId]);
  await until(() => dealStage(db, lotId), 'signing', 'the deal after the close');
}

/** Signs the 成交确认书 online: its digest, a code from the development outbox, the signature. */
export async function signOnline(baseURL: string, token: string, tel: string, lotId: string) {
  const view = await api<{ contract: { sha256: string } }>(baseURL, token, 'GET', `${AUC}/detail`, {
    orderId: lotId,
  });
  expect((await api(baseURL, token, 'POST', `${AUC}/sign/code`, { orderId: lotId })).status).toBe(200);
  const code = await latestCode(baseURL, tel, 'signContract');
  const signed = await api(baseURL, token, 'POST', `${AUC}/sign`, {
    orderId: lotId,
    code,
    sha256: view.data.contract.sha256,
  });
  expect(signed.status, signed.msg).toBe(200);
}

/** Pays the balance and the buyer's fee (the deal must be signed): it stands at 待提车. */
export async function payInFull(baseURL: string, token: string, db: pg.Client, lotId: string) {
  for (const path of ['pay', 'serviceFee/pay']) {
    const r = await api<{ paymentNo: string }>(baseURL, token, 'POST', `${AUC}/${path}`, { orderId: lotId });
    expect(r.status, r.msg).toBe(200);
    await paid(baseURL, r.data.paymentNo);
  }
  await until(() => dealStage(db, lotId), 'pickup', 'the deal paid in full');
}
