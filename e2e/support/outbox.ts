import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** The server's data folder of this run (set by `playwright.config.ts`). */
export function dataDir(): string {
  const dir = process.env.NIMBUS_E2E_DATA_DIR;
  if (!dir) {
    throw new Error('NIMBUS_E2E_DATA_DIR is not set: run the tests with playwright.config.ts');
  }
  return dir;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const joined = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The text of an `.eml` message (single part, any transfer encoding nodemailer uses). */
export function messageText(eml: string): { headers: string; body: string } {
  const split = eml.search(/\r?\n\r?\n/);
  const headers = eml.slice(0, split);
  const raw = eml.slice(split).trim();
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  let body = raw;
  if (encoding === 'base64') {
    body = Buffer.from(raw.replace(/\s+/g, ''), 'base64').toString('utf8');
  } else if (encoding === 'quoted-printable') {
    body = decodeQuotedPrintable(raw);
  }
  return { headers, body };
}

/**
 * The 6-digit code of the newest mail to `to` in the outbox, waiting up to `timeoutMs` for it;
 * codes in `exclude` (already used) are skipped. `dataDir` names another server's data folder.
 */
export async function mailedCode(
  to: string,
  options: { timeoutMs?: number; exclude?: readonly string[]; dataDir?: string } = {},
): Promise<string> {
  const outbox = path.join(options.dataDir ?? dataDir(), 'outbox');
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  for (;;) {
    const names = await readdir(outbox)
      .then((all) =>
        all
          .filter((name) => name.endsWith('.eml'))
          .sort()
          .reverse(),
      )
      .catch(() => [] as string[]);
    for (const name of names) {
      const { headers, body } = messageText(await readFile(path.join(outbox, name), 'utf8'));
      if (!new RegExp(`^to:.*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'im').test(headers)) {
        continue;
      }
      const code = /(?<!\d)\d{6}(?!\d)/.exec(body)?.[0];
      if (code && !options.exclude?.includes(code)) {
        return code;
      }
    }
    if (Date.now() > deadline) {
      throw new Error(`no code mailed to ${to} in ${outbox}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
