import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database, SandboxTradeTable } from '../../db/schema';

export type SandboxTrade = Selectable<SandboxTradeTable>;

/** SQL for the sandbox payment company's own trade records (sandbox_trade). */
export function sandboxTradeRepo(db: Kysely<Database>) {
  return {
    /** Idempotent by merchant payment number: a repeated request keeps the first trade. */
    insertIfAbsent: (values: Insertable<SandboxTradeTable>) =>
      db
        .insertInto('sandbox_trade')
        .values(values)
        .onConflict((oc) => oc.column('merchant_payment_no').doNothing())
        .execute(),

    byPaymentNo: (paymentNo: string): Promise<SandboxTrade | undefined> =>
      db
        .selectFrom('sandbox_trade')
        .selectAll()
        .where('merchant_payment_no', '=', paymentNo)
        .executeTakeFirst(),

    /** Moves a trade still waiting for the buyer to `set` (paid or closed). */
    settleWaiting: (paymentNo: string, set: Updateable<SandboxTradeTable>) =>
      db
        .updateTable('sandbox_trade')
        .set(set)
        .where('merchant_payment_no', '=', paymentNo)
        .where('status', '=', 'WAIT_BUYER_PAY')
        .execute(),

    update: (tradeNo: string, set: Updateable<SandboxTradeTable>) =>
      db.updateTable('sandbox_trade').set(set).where('trade_no', '=', tradeNo).execute(),

    /**
     * Claims up to `limit` due notifications (one trade, or any when `tradeNo` is null) with a lease
     * until `leaseUntil`, counting the attempt; skip locked, so two processes never claim the same.
     */
    async claimDue(
      tradeNo: string | null,
      limit: number,
      now: Date,
      leaseUntil: Date,
    ): Promise<SandboxTrade[]> {
      const filter = tradeNo === null ? sql`true` : sql`trade_no = ${tradeNo}`;
      const { rows } = await sql<SandboxTrade>`
      update sandbox_trade set next_notify_at = ${leaseUntil}, notify_attempts = notify_attempts + 1
      where trade_no in (
        select trade_no from sandbox_trade
        where next_notify_at is not null and next_notify_at <= ${now} and status = 'TRADE_SUCCESS' and ${filter}
        order by next_notify_at limit ${limit} for update skip locked)
      returning *`.execute(db);
      return rows;
    },
  };
}
