import { z } from 'zod';

// Every validation message a user may see is Chinese.
z.config(z.locales.zhCN());

export * from './contracts/define';
export * from './contracts/common';
export * from './contracts/control-chars';
export * as content from './contracts/content';
export * as catalog from './contracts/catalog';
export * as lots from './contracts/lots';
export * as accounts from './contracts/accounts';
export * as sellers from './contracts/sellers';
export * as sessions from './contracts/sessions';
export * from './domain/identity';
export * from './domain/password';
export * from './constants';
export * as bidding from './contracts/bidding';
export * as files from './contracts/files';
export * as disposal from './contracts/disposal';
export * as notices from './contracts/notices';
export * as watchlist from './contracts/watchlist';
export * as deals from './contracts/deals';
export * as settlement from './contracts/settlement';
export * as invoices from './contracts/invoices';
/** The operator console's API (named so it never shadows the global console). */
export * as consoleApi from './contracts/console';
/** The console's content pages: announcements, support articles, hot search keywords. */
export * as consoleContent from './contracts/console-content';
export * from './events';
export * from './domain';
