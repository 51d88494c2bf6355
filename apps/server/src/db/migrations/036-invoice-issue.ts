import { sql, type Kysely } from 'kysely';

/**
 * Invoices are issued or rejected by finance (docs/decisions/036-invoices-issued-by-finance.md): a
 * request gets its own id, so a payment may be asked for again after a rejection while the
 * rejected request stays on record; an issued one carries the invoice number, date and the
 * e-invoice PDF an operator uploaded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table invoice_request drop constraint invoice_request_pkey`.execute(db);
  await sql`alter table invoice_request add column id bigint not null default nextval('global_id_seq')`.execute(
    db,
  );
  await sql`alter table invoice_request add primary key (id)`.execute(db);
  // One live request per payment: requested or issued. Rejected ones are history.
  await sql`create unique index invoice_request_live_uq on invoice_request (payment_no) where status <> 'rejected'`.execute(
    db,
  );
  await sql`create index invoice_request_payment_idx on invoice_request (payment_no, requested_at desc)`.execute(
    db,
  );
  await sql`create index invoice_request_queue_idx on invoice_request (requested_at) where status = 'requested'`.execute(
    db,
  );
  await sql`alter table invoice_request drop constraint invoice_request_status_check`.execute(db);
  await sql`alter table invoice_request add constraint invoice_request_status_check check (status in ('requested', 'issued', 'rejected'))`.execute(
    db,
  );
  await sql`
    alter table invoice_request
      add column invoice_no text,
      add column invoice_date date,
      add column invoice_file_id bigint references file (id),
      add column rejected_at timestamptz,
      add column reject_reason text,
      add column decided_by bigint references app_user (id)`.execute(db);
  await sql`
    alter table invoice_request add constraint invoice_request_issued_check check (
      (status = 'issued') = (invoice_no is not null and invoice_date is not null
        and invoice_file_id is not null and issued_at is not null))`.execute(db);
  await sql`
    alter table invoice_request add constraint invoice_request_rejected_check check (
      (status = 'rejected') = (reject_reason is not null and rejected_at is not null))`.execute(db);
  // An invoice number names one invoice.
  await sql`create unique index invoice_request_no_uq on invoice_request (invoice_no) where invoice_no is not null`.execute(
    db,
  );
}

/** Back to 025: one request per payment, requested or issued, no invoice details. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from invoice_request where status = 'rejected'`.execute(db);
  await sql`drop index invoice_request_no_uq`.execute(db);
  await sql`alter table invoice_request drop constraint invoice_request_rejected_check`.execute(db);
  await sql`alter table invoice_request drop constraint invoice_request_issued_check`.execute(db);
  await sql`
    alter table invoice_request
      drop column invoice_no,
      drop column invoice_date,
      drop column invoice_file_id,
      drop column rejected_at,
      drop column reject_reason,
      drop column decided_by`.execute(db);
  await sql`alter table invoice_request drop constraint invoice_request_status_check`.execute(db);
  await sql`alter table invoice_request add constraint invoice_request_status_check check (status in ('requested', 'issued'))`.execute(
    db,
  );
  await sql`drop index invoice_request_queue_idx`.execute(db);
  await sql`drop index invoice_request_payment_idx`.execute(db);
  await sql`drop index invoice_request_live_uq`.execute(db);
  await sql`alter table invoice_request drop constraint invoice_request_pkey`.execute(db);
  await sql`alter table invoice_request drop column id`.execute(db);
  await sql`alter table invoice_request add primary key (payment_no)`.execute(db);
}
