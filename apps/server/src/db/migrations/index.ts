import type { Migration } from 'kysely';
import * as m001 from './001-foundation';
import * as m002 from './002-accounts';
import * as m003 from './003-lots';
import * as m004 from './004-catalog';
import * as m005 from './005-bidding';
import * as m006 from './006-lot-age-mileage-index';
import * as m007 from './007-deals';
import * as m008 from './008-listing-keys';
import * as m009 from './009-shared-limits';
import { sealIdCards } from './010-seal-id-cards';
import * as m011 from './011-files';
import type { MigrationOptions } from './options';
import * as m012 from './012-sellers';
import * as m013 from './013-drop-login-lock-columns';
import * as m014 from './014-session-user-agent';
import * as m015 from './015-disposal';
import * as m016 from './016-lot-pause';
import * as m017 from './017-session-templates';
import * as m018 from './018-notices';
import * as m019 from './019-deal-stages';
import * as m020 from './020-ledger-payouts';
import * as m021 from './021-ledger-journals';
import * as m022 from './022-settlement';
import * as m025 from './025-deal-flow';
import * as m030 from './030-notice-delivery';
import * as m031 from './031-lot-starting-index';
import * as m032 from './032-transfer-attempts';
import * as m033 from './033-offer-deposit';
import * as m034 from './034-lot-engine-token';
import * as m036 from './036-invoice-issue';
import * as m037 from './037-pending-sms-scope';
import * as m038 from './038-one-outbid-sms-per-user';
import * as m039 from './039-one-open-outbid-notice';
import * as m040 from './040-fold-old-outbid-notices';
import * as m041 from './041-content-publication';
import * as m042 from './042-keyword-case';
import * as m043 from './043-lot-live';

/** Every migration, in order. Add new files here with the next number. */
export const migrations: Record<string, Migration> = {
  '001-foundation': m001,
  '002-accounts': m002,
  '003-lots': m003,
  '004-catalog': m004,
  '005-bidding': m005,
  '006-lot-age-mileage-index': m006,
  '007-deals': m007,
  '008-listing-keys': m008,
  '009-shared-limits': m009,
  '011-files': m011,
  '012-sellers': m012,
  '013-drop-login-lock-columns': m013,
  '014-session-user-agent': m014,
  '015-disposal': m015,
  '016-lot-pause': m016,
  '017-session-templates': m017,
  '018-notices': m018,
  '019-deal-stages': m019,
  '020-ledger-payouts': m020,
  '021-ledger-journals': m021,
  '022-settlement': m022,
  '025-deal-flow': m025,
  '030-notice-delivery': m030,
  '031-lot-starting-index': m031,
  '032-transfer-attempts': m032,
  '033-offer-deposit': m033,
  '034-lot-engine-token': m034,
  '036-invoice-issue': m036,
  '037-pending-sms-scope': m037,
  '038-one-outbid-sms-per-user': m038,
  '039-one-open-outbid-notice': m039,
  '040-fold-old-outbid-notices': m040,
  '041-content-publication': m041,
  '042-keyword-case': m042,
  '043-lot-live': m043,
};

/** Every migration with the settings some of them need (those that seal existing rows). */
export const migrationsWith = (options: MigrationOptions): Record<string, Migration> => ({
  ...migrations,
  '010-seal-id-cards': sealIdCards(options),
});
