import { ConfigError, loadConfig } from '../config';
import { restoreBackup, takeBackup, type BackupPlace } from '../modules/backup/backup';
import { createBlobStore } from '../modules/storage/blob-store';

const usage = `usage: npm run backup -- <folder>    a consistent backup of the running service
       npm run restore -- <folder>   brings one back into an empty DATA_DIR / database
`;

/**
 * `npm run backup -- <folder>` and `npm run restore -- <folder>`, in the server's environment
 * (docs/deployment.md#backups-and-restore). Prints what was done; exits 2 with the reason when it
 * could not be (a folder not empty, a database not empty, a tool missing).
 */
async function main(argv: string[]): Promise<string[]> {
  const [mode, dir, ...rest] = argv;
  if ((mode !== 'backup' && mode !== 'restore') || dir === undefined || rest.length > 0) {
    throw new UsageError();
  }
  const config = loadConfig();
  // No database is opened here: on SQLite that would make the file a restore must not find.
  const place: BackupPlace = {
    dataDir: config.DATA_DIR,
    ...(config.DATABASE_URL === ''
      ? {}
      : {
          postgres: {
            url: config.DATABASE_URL,
            clientConfig: { connectionString: config.DATABASE_URL },
          },
        }),
  };
  const store = createBlobStore(config, {
    logger: { warn: (message) => process.stderr.write(`${message}\n`) },
  });
  try {
    if (mode === 'backup') {
      const manifest = await takeBackup(place, store, dir);
      return [
        `backup of ${manifest.takenAt} in ${dir}`,
        `database: ${manifest.database}`,
        `blobs: ${manifest.blobs} (${manifest.bytes} bytes, ${manifest.blobsCopied ? 'copied' : 'keys only: the bucket keeps the bytes'})`,
      ];
    }
    const report = await restoreBackup(place, store, dir);
    return [
      `restored the backup of ${report.manifest.takenAt}`,
      `blobs put back: ${report.restored}`,
      `blobs the store lacks: ${report.missing.length}`,
      ...report.missing.map((sha256) => `  missing ${sha256}`),
    ];
  } finally {
    await store.close();
  }
}

class UsageError extends Error {}

main(process.argv.slice(2)).then(
  (lines) => {
    process.stdout.write(`${lines.join('\n')}\n`);
    process.exitCode = lines.some((line) => line.startsWith('  missing')) ? 1 : 0;
  },
  (error: unknown) => {
    process.stderr.write(
      error instanceof UsageError
        ? usage
        : error instanceof ConfigError
          ? `${error.message}\n`
          : `backup could not run: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exitCode = 2;
  },
);
