import { notices } from '@chepai/shared';
import { fenDisplay } from '@chepai/shared/domain/money';
import type { Selectable } from 'kysely';
import type { NoticeTable } from '../../db/schema';

/** A notice row as the inbox, the bell and the user channel send it. */
export const toWire = (row: Selectable<NoticeTable>): notices.Notice => ({
  id: row.id,
  kind: row.kind,
  kindText: notices.noticePolicy(row.kind).label,
  title: row.title,
  body: row.body,
  link: row.link,
  createdAt: new Date(row.created_at).getTime(),
  updatedAt: new Date(row.updated_at ?? row.created_at).getTime(),
  repeats: row.repeats,
  read: row.read_at !== null,
});

/**
 * Fen as the notices write money: ¥10,500.00 (not `toLocaleString`, which builds an Intl formatter
 * per call: 11 % of the server's CPU when a bid batch wrote its outbid notices).
 */
export const yuan = fenDisplay;
