import type { Generated } from 'kysely';

/**
 * Tables of the database. Times are RFC 3339 strings in UTC with milliseconds, which sort the
 * same way on SQLite and PostgreSQL.
 */
export interface SettingTable {
  /** A config group served under `/config/v1/<scope>` (`basic`, `debug_options`, ...). */
  scope: string;
  key: string;
  /** The value as JSON text. */
  value: string;
  updated_at: string;
}

export interface Database {
  setting: SettingTable;
}

export type Id = Generated<string>;
