import path from 'node:path';
import Database from 'better-sqlite3';
import { dataDir } from './outbox';

/**
 * Makes a member an admin whose open sessions count as signed in with two-step verification now
 * (what a sign-in with a code records), so the console's calls let them in: a row in
 * `member_roles`, as the operators' command writes.
 */
export function grantConsoleAdmin(userId: string): void {
  const database = new Database(path.join(dataDir(), 'nimbus.db'));
  try {
    database.pragma('busy_timeout = 5000');
    const now = new Date().toISOString();
    database
      .prepare('INSERT INTO member_roles (user_id, role, created_at) VALUES (?, ?, ?)')
      .run(userId, 'admin', now);
    database.prepare('UPDATE sessions SET two_factor_at = ? WHERE user_id = ?').run(now, userId);
  } finally {
    database.close();
  }
}
