import { loadEnv } from './config/env';
import { buildApp } from './app';
import { boot } from './boot';
import { startBanner } from './start-banner';
import { createLogger } from './lib/logger';
import { setHeapGrowth } from './lib/heap-growth';

const env = loadEnv();
setHeapGrowth(env.HEAP_GROWING_PERCENT);
const log = createLogger(env.LOG_LEVEL);
const ctx = await boot(env, log);
const app = await buildApp(ctx);

const shutdown = async (signal: string) => {
  log.info({ signal }, 'shutting down');
  await app.close();
  await ctx.dbh.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: env.PORT, host: env.HOST });
process.stdout.write(startBanner(env, ctx.dbh.driver));
