import { type Config, ConfigError, loadConfig } from '../config';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../db/database';

export interface OperatorCommand {
  /** The command's name in its messages (`admin`, `membership`, ...). */
  name: string;
  usage: string;
  /** Whether a failure is a mistake in the command line (answered with the usage). */
  isUsageError: (error: unknown) => boolean;
  /** Does the command against the migrated database; answers the lines to print. */
  run: (database: DatabaseHandle, config: Config) => Promise<string[]>;
}

/**
 * Runs an operators' command (`npm run admin`, `membership`, `feedback`) against the configured
 * database, in the server's environment: prints its lines, and exits 2 with the usage on a wrong
 * command line, with the reason on a wrong configuration, or when it could not run.
 */
export function runOperatorCommand(command: OperatorCommand): void {
  const main = async (): Promise<string[]> => {
    const config = loadConfig();
    const database = openDatabase(config);
    try {
      await migrateToLatest(database.db);
      return await command.run(database, config);
    } finally {
      await database.db.destroy();
    }
  };
  main().then(
    (lines) => {
      process.stdout.write(lines.length > 0 ? `${lines.join('\n')}\n` : '');
    },
    (error: unknown) => {
      if (command.isUsageError(error)) {
        process.stderr.write(`${error instanceof Error ? error.message : ''}\n\n${command.usage}`);
      } else if (error instanceof ConfigError) {
        process.stderr.write(`${error.message}\n`);
      } else {
        process.stderr.write(
          `${command.name} could not run: ${error instanceof Error ? error.stack : String(error)}\n`,
        );
      }
      process.exitCode = 2;
    },
  );
}
