import type { Migration } from 'kysely';
import * as m001 from './001-foundation';
import * as m004 from './004-catalog';

/** Every migration, in order. Add new files here with the next number. */
export const migrations: Record<string, Migration> = {
  '001-foundation': m001,
  '004-catalog': m004,
};
