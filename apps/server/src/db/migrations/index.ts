import type { Migration, MigrationProvider } from 'kysely';
import * as settings from './0001-settings';
import * as identity from './0002-identity';

/**
 * The one migration set, shared by SQLite and PostgreSQL. Migrations are bundled with the code
 * (not read from disk) so the built server carries them; names sort in the order they run.
 */
const migrations: Record<string, Migration> = {
  '0001-settings': settings,
  '0002-identity': identity,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
