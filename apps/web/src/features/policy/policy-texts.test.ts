import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { sessionCookieName as serverSessionCookie } from '../../../../server/src/modules/auth/authenticator';
import english from '../../../messages/en-US/policy-texts.json';
import { currentVersions, policyDocs, policyNotices, policyVersions } from './policy-docs';
import { defaultPolicyPeriods, policyArgumentsOf, policyFactsOf } from './policy-facts';
import { policyBlocksOf } from './policy-blocks';
import { embedOriginStorageKey as driveEmbedKey } from '@/features/drive/actions/embedded-links';
import { sharedFilesCacheName as driveSharedFiles } from '@/features/drive/upload/shared-files';
import { uploadsDatabaseName as driveUploads } from '@/features/drive/upload/upload-store';
import {
  embedOriginStorageKey,
  sessionCookieName,
  sharedFilesCacheName,
  storageInventory,
  uploadsDatabaseName,
} from './storage-inventory';

const t = createTranslator({ locale: 'en-US', messages: english });
const format = t as unknown as (key: string, values?: Record<string, string | number>) => string;
const notSet = { name: 'N?', address: 'A?', email: 'E?', jurisdiction: 'J?' };

function argumentsWith(periods: Record<string, number>) {
  return policyArgumentsOf(policyFactsOf({ policy_periods: periods }), notSet);
}

function words(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

describe('the policy texts', () => {
  it('give every document sections of 300 to 700 words that format with the arguments', () => {
    const args = argumentsWith({});
    for (const doc of policyDocs) {
      const sections = Object.keys(english.docs[doc]);
      expect(sections.length, doc).toBeGreaterThan(3);
      const text = sections
        .map(
          (section) =>
            `${format(`docs.${doc}.${section}.title`, args)} ${format(`docs.${doc}.${section}.body`, args)}`,
        )
        .join(' ');
      expect(words(text), doc).toBeGreaterThanOrEqual(280);
      expect(words(text), doc).toBeLessThanOrEqual(700);
      expect(text, doc).not.toMatch(/[{}]/);
      expect(policyBlocksOf(text).length).toBeGreaterThan(0);
    }
  });

  it('name the operator’s details, or say they are not set', () => {
    const args = policyArgumentsOf(
      policyFactsOf({ operator_name: 'Example Ltd', jurisdiction: 'Ireland' }),
      notSet,
    );
    const privacy = format('docs.privacy-policy.intro.body', args);
    expect(privacy).toContain('Example Ltd, A?, runs it');
    expect(privacy).toContain('E?');
    expect(format('docs.user-agreement.law.body', args)).toContain('law of Ireland');
  });

  it('quote the configured retention periods', () => {
    const text = format(
      'docs.privacy-policy.retention.body',
      argumentsWith({ trash_days: 45, deletion_grace_days: 1, upload_expiry_hours: 0.5 }),
    );
    expect(text).toContain('after 45 days');
    expect(text).toContain('deleted after 1 day,');
    expect(text).toContain('deleted 0.5 hours after');
    expect(text).toContain(`valid for ${defaultPolicyPeriods.contentLinkHours} hours`);
    expect(text).toContain(`downloadable for ${defaultPolicyPeriods.exportLinkDays} days`);
  });

  it('tell the reminders and the grace the server sends and gives', () => {
    const defaults = argumentsWith({});
    expect(format('notices.membership-2025-09.summary', defaults)).toContain(
      '3 days before your Premium ends',
    );
    expect(format('notices.membership-2026-11.summary', defaults)).toContain(
      '7 days before a subscription renews',
    );
    const changed = argumentsWith({
      membership_reminder_days: 0,
      subscription_reminder_days: 2,
      payment_grace_days: 0,
    });
    expect(format('docs.membership-agreement.expiry.body', changed)).toContain(
      'sends no expiry reminders',
    );
    expect(format('docs.membership-agreement.subscriptions.body', changed)).toContain(
      '2 days before it renews',
    );
    expect(format('docs.membership-agreement.failed-payments.body', changed)).toContain(
      'Premium ends when the payment fails',
    );
  });

  it('describe what every version changed, and date each notice as a version of its document', () => {
    for (const doc of policyDocs) {
      const versions = [currentVersions[doc], ...policyVersions[doc]];
      expect(Object.keys(english.versions[doc]).sort(), doc).toEqual([...versions].sort());
      expect([...versions].sort().reverse(), doc).toEqual(versions);
    }
    for (const notice of policyNotices) {
      const version = notice.date.replaceAll('-', '');
      expect([currentVersions[notice.doc], ...policyVersions[notice.doc]]).toContain(version);
      expect(english.notices[notice.token].summary.length).toBeGreaterThan(40);
    }
    expect(Object.keys(english.notices).sort()).toEqual(
      policyNotices.map((notice) => notice.token).sort(),
    );
  });
});

describe('the storage inventory', () => {
  it('names the server’s session cookie and has a purpose text for every entry', () => {
    expect(sessionCookieName).toBe(serverSessionCookie);
    expect(embedOriginStorageKey).toBe(driveEmbedKey);
    expect(uploadsDatabaseName).toBe(driveUploads);
    expect(sharedFilesCacheName).toBe(driveSharedFiles);
    const purposes = english.storage.purposes as Record<string, string>;
    expect(Object.keys(purposes).sort()).toEqual(
      storageInventory.map((entry) => entry.purpose).sort(),
    );
  });

  it('lists every cookie and storage key the web app sets', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const listed = new Set<string>(storageInventory.flatMap((entry) => [...entry.names]));
    // The names the code passes to setCookie and storage.setItem are constants of these files.
    const setters = [
      ['lib/session/credentials.ts', /export const (\w+(?:StorageKey|CookieName)) = '([^']+)'/g],
      ['features/referral/free-trial.ts', /export const (\w+) = '([^']+)'/g],
      ['features/share/share-preferences.ts', /export const (\w+(?:Key|Cookie)) = '([^']+)'/g],
      ['features/share/restore-continue.ts', /export const (\w+Key) = '([^']+)'/g],
      ['features/announcement/announcement-cookie.ts', /export const (\w+) = '([^']+)'/g],
    ] as const;
    for (const [file, pattern] of setters) {
      const source = readFileSync(path.join(root, file), 'utf8');
      for (const [, name, value] of source.matchAll(pattern)) {
        expect(listed.has(value as string), `${file} ${name} = ${value}`).toBe(true);
      }
    }
  });
});
