import { Migrator, type Kysely } from 'kysely';
import { migrationsWith } from './migrations/index';
import type { MigrationOptions } from './migrations/options';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>, options: MigrationOptions = {}): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrationsWith(options) },
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(JSON.stringify(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
