import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { registerCatalog } from './catalog/catalog.routes';
import { registerAccounts } from './accounts/accounts.routes';
import { registerContent } from './content/content.routes';
import { registerContentConsole } from './content/content-console.routes';
import { registerHealth } from './health/health.routes';
import { registerPayments } from '../platform/payments/payments.routes';
import { registerBidding } from './bidding/bidding.routes';
import { registerLots } from './lots/lots.routes';
import { registerFiles } from './files/files.routes';
import { registerSellers } from './sellers/sellers.routes';
import { sellerUnitsService } from './sellers/seller-units.service';
import { registerActiveSessions } from './accounts/active-sessions.routes';
import { registerDisposal } from './disposal/disposal.routes';
import { registerConsole } from './console/console.routes';
import { registerNotices } from './notices/notices.routes';
import { registerWatchlist } from './lots/watchlist.routes';
import { registerDeals } from './deals/deals.routes';
import { registerSettlement } from './settlement/settlement.routes';
import { registerInvoices } from './invoices/invoices.routes';
import { ssoClients } from '../platform/sso/sso-clients';

export type ModuleRegistrar = (app: FastifyInstance, ctx: AppContext) => Promise<void> | void;

/** Every module, in registration order. */
export const modules: ModuleRegistrar[] = [
  registerHealth,
  (app, ctx) => {
    const units = sellerUnitsService(ctx);
    return registerAccounts(app, ctx, { sellerInfo: (user) => units.userInfo(user) });
  },
  registerContent,
  registerContentConsole,
  registerLots,
  registerPayments,
  registerBidding,
  registerCatalog,
  (app, ctx) => {
    const units = sellerUnitsService(ctx);
    // A seller's uploads belong to the unit the session acts for (docs/product.md#14-disposal-and-review).
    return registerFiles(app, ctx, {
      actingUnit: async (user) =>
        user.role === 'seller' ? ((await units.currentUnit(user).catch(() => null))?.id ?? null) : null,
    });
  },
  async (app, ctx) => {
    // One issuer, two clients: the mall's (sellers) and the console's (staff).
    const sso = await ssoClients(app, ctx);
    await registerSellers(app, ctx, sso.seller);
    await registerConsole(app, ctx, sso.console);
  },
  registerActiveSessions,
  // Buyers calling user/order/list and user/order/detail get their deals from the deals module.
  async (app, ctx) => registerDisposal(app, ctx, await registerDeals(app, ctx)),
  registerNotices,
  registerWatchlist,
  registerSettlement,
  registerInvoices,
];
