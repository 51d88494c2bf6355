/** Settings a migration may need (the data key, for migrations that seal existing rows). */
export interface MigrationOptions {
  /** `DATA_ENCRYPTION_KEY`; unset: the key generated at first start and kept in `app_secret`. */
  dataEncryptionKey?: string;
}
