import { createWindowLimiter } from '../lib/window-limiter';
import {
  membershipUsage,
  runMembershipCommand,
  UsageError,
} from '../modules/membership/membership-cli';
import { createMembershipRepository } from '../modules/membership/membership.repository';
import { createMembershipService, planDefaultsOf } from '../modules/membership/membership.service';
import { runOperatorCommand } from './operator-command';

/**
 * `npm run membership -w @nimbus/server -- mint|grant ...`: operators mint activation codes and
 * grant memberships against the configured database (same environment as the server). Exits 2
 * on a wrong command line or when it could not run.
 */
runOperatorCommand({
  name: 'membership',
  usage: membershipUsage,
  isUsageError: (error) => error instanceof UsageError,
  run: (database, config) => {
    const now = () => new Date();
    const service = createMembershipService({
      memberships: createMembershipRepository(database.db),
      limiter: createWindowLimiter({ now }),
      plans: () => Promise.resolve(planDefaultsOf(config)),
      redeemLimit: {
        max: config.ACTIVATION_CODE_MAX_ATTEMPTS,
        windowMs: config.AUTH_RATE_WINDOW_SECONDS * 1000,
      },
      now,
    });
    return runMembershipCommand(process.argv.slice(2), service, now);
  },
});
