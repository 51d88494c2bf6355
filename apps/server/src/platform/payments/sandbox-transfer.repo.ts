import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database, SandboxTransferTable } from '../../db/schema';

export type SandboxTransfer = Selectable<SandboxTransferTable>;

/** SQL for the sandbox payment company's records of bank transfers out (sandbox_transfer). */
export function sandboxTransferRepo(db: Kysely<Database>) {
  return {
    /** Idempotent by (kind, merchant number): a repeated request keeps the first transfer. */
    insertIfAbsent: (values: Insertable<SandboxTransferTable>) =>
      db
        .insertInto('sandbox_transfer')
        .values(values)
        .onConflict((oc) => oc.columns(['kind', 'merchant_no']).doNothing())
        .execute(),

    byMerchantNo: (kind: SandboxTransfer['kind'], merchantNo: string) =>
      db
        .selectFrom('sandbox_transfer')
        .selectAll()
        .where('kind', '=', kind)
        .where('merchant_no', '=', merchantNo)
        .executeTakeFirst(),

    update: (transferNo: string, set: Updateable<SandboxTransferTable>) =>
      db.updateTable('sandbox_transfer').set(set).where('transfer_no', '=', transferNo).execute(),

    /** Claims due notices (one transfer, or any when null) with a lease, counting the attempt; skip locked. */
    async claimDue(transferNo: string | null, limit: number, now: Date, leaseUntil: Date) {
      const filter = transferNo === null ? sql`true` : sql`transfer_no = ${transferNo}`;
      const { rows } = await sql<SandboxTransfer>`
      update sandbox_transfer set next_notify_at = ${leaseUntil}, notify_attempts = notify_attempts + 1
      where transfer_no in (
        select transfer_no from sandbox_transfer
        where next_notify_at is not null and next_notify_at <= ${now} and ${filter}
        order by next_notify_at limit ${limit} for update skip locked)
      returning *`.execute(db);
      return rows;
    },
  };
}
