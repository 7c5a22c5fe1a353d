import { ConfigError, loadConfig } from '../config';
import { migrateToLatest, openDatabase } from '../db/database';
import { createWindowLimiter } from '../lib/window-limiter';
import {
  membershipUsage,
  runMembershipCommand,
  UsageError,
} from '../modules/membership/membership-cli';
import { createMembershipRepository } from '../modules/membership/membership.repository';
import { createMembershipService, planDefaultsOf } from '../modules/membership/membership.service';

/**
 * `npm run membership -w @nimbus/server -- mint|grant ...`: operators mint activation codes and
 * grant memberships against the configured database (same environment as the server). Exits 2
 * on a wrong command line or when it could not run.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const database = openDatabase(config);
  try {
    await migrateToLatest(database.db);
    const now = () => new Date();
    const service = createMembershipService({
      memberships: createMembershipRepository(database.db),
      limiter: createWindowLimiter({ now }),
      plans: planDefaultsOf(config),
      redeemLimit: {
        max: config.ACTIVATION_CODE_MAX_ATTEMPTS,
        windowMs: config.AUTH_RATE_WINDOW_SECONDS * 1000,
      },
      now,
    });
    const lines = await runMembershipCommand(process.argv.slice(2), service, now);
    process.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  } finally {
    await database.db.destroy();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n\n${membershipUsage}`);
    } else if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
    } else {
      process.stderr.write(
        `membership could not run: ${error instanceof Error ? error.stack : String(error)}\n`,
      );
    }
    process.exitCode = 2;
  },
);
