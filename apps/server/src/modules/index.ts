import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { registerCatalog } from './catalog/catalog.routes';
import { registerAccounts } from './accounts/accounts.routes';
import { registerContent } from './content/content.routes';
import { registerHealth } from './health/health.routes';
import { registerPayments } from '../platform/payments/payments.routes';
import { registerBidding } from './bidding/bidding.routes';
import { registerLots } from './lots/lots.routes';
import { registerFiles } from './files/files.routes';
import { registerSellers } from './sellers/sellers.routes';
import { sellerUnitsService } from './sellers/seller-units.service';
import { registerActiveSessions } from './accounts/active-sessions.routes';

export type ModuleRegistrar = (app: FastifyInstance, ctx: AppContext) => Promise<void> | void;

/** Every module, in registration order. */
export const modules: ModuleRegistrar[] = [
  registerHealth,
  (app, ctx) => {
    const units = sellerUnitsService(ctx);
    return registerAccounts(app, ctx, { sellerInfo: (user) => units.userInfo(user) });
  },
  registerContent,
  registerLots,
  registerPayments,
  registerBidding,
  registerCatalog,
  (app, ctx) => registerFiles(app, ctx),
  async (app, ctx) => void (await registerSellers(app, ctx)),
  registerActiveSessions,
];
