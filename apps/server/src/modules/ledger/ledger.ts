import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { JournalKind } from './accounts';
import { ledgerRepo } from './ledger.repo';

export interface JournalLineInput {
  account: string;
  /** Fen; debit +, credit −. */
  amount: number;
}

export interface JournalInput {
  /** The idempotency key: a second post with the same id changes nothing. */
  journalId: string;
  kind: JournalKind;
  lotId?: string | null;
  /** The business document behind the movement (payment no., payout no., refund no.). */
  ref?: string | null;
  memo: string;
  at: Date;
  lines: JournalLineInput[];
}

/** A journal that cannot be posted: a programming error, never the buyer's. */
export class UnbalancedJournal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnbalancedJournal';
  }
}

/** Merges lines of the same account and drops the ones that come to zero. */
function normalise(lines: JournalLineInput[]): JournalLineInput[] {
  const byAccount = new Map<string, number>();
  for (const l of lines) byAccount.set(l.account, (byAccount.get(l.account) ?? 0) + l.amount);
  return [...byAccount]
    .filter(([, amount]) => amount !== 0)
    .map(([account, amount]) => ({ account, amount }));
}

/** The journal's lines merged per account, after checking it is whole, named and balanced. */
function checked(input: JournalInput): JournalLineInput[] {
  const lines = normalise(input.lines);
  for (const l of input.lines) {
    if (!Number.isSafeInteger(l.amount))
      throw new UnbalancedJournal(`${input.journalId}: amount ${l.amount} is not whole fen`);
    if (!l.account) throw new UnbalancedJournal(`${input.journalId}: a line has no account`);
  }
  if (lines.length < 2) throw new UnbalancedJournal(`${input.journalId}: a journal needs two or more lines`);
  const sum = lines.reduce((s, l) => s + l.amount, 0);
  if (sum !== 0) throw new UnbalancedJournal(`${input.journalId}: lines sum to ${sum}, not 0`);
  return lines;
}

/**
 * Posts one balanced journal inside the caller's transaction (decision 022). Returns false when a
 * journal with this id exists already (the movement was posted before: nothing is written).
 * The database checks the sum again at commit and refuses to change a posted line.
 */
export async function postJournal(trx: Transaction<Database>, input: JournalInput): Promise<boolean> {
  return (await postJournals(trx, [input])).has(input.journalId);
}

/**
 * Posts many journals in two statements (a lot's close refunds two hundred deposits at once);
 * returns the ids that were posted now — one posted before is skipped as `postJournal` skips it.
 */
export async function postJournals(trx: Transaction<Database>, inputs: JournalInput[]): Promise<Set<string>> {
  const lines = new Map(inputs.map((input) => [input.journalId, checked(input)]));
  if (lines.size < inputs.length) throw new UnbalancedJournal('the same journal id twice in one posting');
  const heads = inputs.map((input) => ({
    journal_id: input.journalId,
    kind: input.kind,
    lot_id: input.lotId ?? null,
    ref: input.ref ?? null,
    memo: input.memo,
    at: input.at,
  }));
  const repo = ledgerRepo(trx);
  const posted = new Set(await repo.insertJournalsIfAbsent(heads));
  const values = heads
    .filter((head) => posted.has(head.journal_id))
    .flatMap((head) =>
      lines.get(head.journal_id)!.map((l) => ({ ...head, account: l.account, amount: l.amount })),
    );
  if (values.length) await repo.insertLines(values);
  return posted;
}

/** Whether a journal with this id was posted. */
export const journalExists = (db: Kysely<Database>, journalId: string) =>
  ledgerRepo(db).journalExists(journalId);

/** The balance of one account (fen; debit +). */
export const balanceOf = (db: Kysely<Database>, account: string) => ledgerRepo(db).balanceOf(account);

const toRecord = (rows: Array<{ account: string; balance: string }>): Record<string, number> =>
  Object.fromEntries(rows.map((r) => [r.account, Number(r.balance)]));

/** Balances of every account a lot's journals touched, restricted to those journals (fen; debit +). */
export const balancesOfLot = async (db: Kysely<Database>, lotId: string) =>
  toRecord(await ledgerRepo(db).balancesOfLot(lotId));

/** Balances of all accounts whose name starts with `prefix` (e.g. `seller:12:`). */
export const balancesLike = async (db: Kysely<Database>, prefix: string) =>
  toRecord(await ledgerRepo(db).balancesLike(prefix));

export interface PostedJournal {
  journalId: string;
  kind: string;
  lotId: string | null;
  ref: string | null;
  memo: string;
  at: Date;
  lines: Array<{ account: string; amount: number }>;
}

/** Journals of a lot, with a ref, or by id — oldest first, with their lines. */
export async function journalsOf(
  db: Kysely<Database>,
  where: { lotId: string } | { ref: string } | { journalIds: string[] },
): Promise<PostedJournal[]> {
  const repo = ledgerRepo(db);
  const heads = await repo.journals(where);
  if (heads.length === 0) return [];
  const lines = await repo.linesOf(heads.map((h) => h.journal_id));
  return heads.map((h) => ({
    journalId: h.journal_id,
    kind: h.kind,
    lotId: h.lot_id,
    ref: h.ref,
    memo: h.memo,
    at: h.at,
    lines: lines
      .filter((l) => l.journal_id === h.journal_id)
      .map((l) => ({ account: l.account, amount: Number(l.amount) })),
  }));
}
