import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { registerCatalog } from './catalog/catalog.routes';
import { registerContent } from './content/content.routes';
import { registerHealth } from './health/health.routes';

export type ModuleRegistrar = (app: FastifyInstance, ctx: AppContext) => Promise<void> | void;

/** Every module, in registration order. */
export const modules: ModuleRegistrar[] = [registerHealth, registerContent, registerCatalog];
