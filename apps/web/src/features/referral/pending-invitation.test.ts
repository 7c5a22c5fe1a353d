import { createMemoryStorage } from '@nimbus/client';
import { describe, expect, it } from 'vitest';
import {
  forgetInvitation,
  keepInvitation,
  markInvitationSent,
  pendingInvitationKey,
  pendingInvitationLifetimeMs,
  readPendingInvitation,
} from './pending-invitation';

const now = Date.parse('2026-11-26T12:00:00.000Z');

describe('the pending invitation', () => {
  it('keeps the invitation of a link with the claim the server reads the code from', () => {
    const storage = createMemoryStorage();
    const kept = keepInvitation(storage, {
      landing: new URL('https://nimbus.example/es/referral?invite_code=ab3k7mnp'),
      source: 'newsletter',
      referers: ['news.example'],
      now,
    });
    expect(kept).toEqual({
      code: 'AB3K7MNP',
      claim: {
        from: 'web',
        rr: 'nimbus.example/es/referral?invite_code=ab3k7mnp',
        tf: 'newsletter',
        rf: 'news.example',
      },
      expiry: now + pendingInvitationLifetimeMs,
    });
    expect(readPendingInvitation(storage, now + 1000)).toEqual(kept);
  });

  it('leaves a kept invitation alone on a page without a code, and the newest link wins', () => {
    const storage = createMemoryStorage();
    keepInvitation(storage, {
      landing: new URL('https://nimbus.example/?invite_code=AAAA2222'),
      now,
    });
    expect(
      keepInvitation(storage, { landing: new URL('https://nimbus.example/drive/all'), now }),
    ).toBeUndefined();
    expect(readPendingInvitation(storage, now)?.code).toBe('AAAA2222');
    keepInvitation(storage, {
      landing: new URL('https://nimbus.example/?invite_code=BBBB3333'),
      now,
    });
    expect(readPendingInvitation(storage, now)?.code).toBe('BBBB3333');
  });

  it('keeps the mark of a claim sent when the same link is opened again, not another', () => {
    const storage = createMemoryStorage();
    const landing = new URL('https://nimbus.example/referral?invite_code=AAAA2222');
    const first = keepInvitation(storage, { landing, now });
    expect(first?.sent).toBeUndefined();
    if (first) {
      markInvitationSent(storage, first);
    }
    expect(keepInvitation(storage, { landing, now: now + 1000 })?.sent).toBe(true);
    expect(readPendingInvitation(storage, now + 1000)?.sent).toBe(true);
    const other = new URL('https://nimbus.example/referral?invite_code=BBBB3333');
    expect(keepInvitation(storage, { landing: other, now })?.sent).toBeUndefined();
  });

  it('forgets an invitation once it expired or was claimed', () => {
    const storage = createMemoryStorage();
    keepInvitation(storage, {
      landing: new URL('https://nimbus.example/?invite_code=AAAA2222'),
      now,
    });
    expect(readPendingInvitation(storage, now + pendingInvitationLifetimeMs)).toBeUndefined();
    expect(readPendingInvitation(storage, now)).toBeDefined();
    forgetInvitation(storage);
    expect(readPendingInvitation(storage, now)).toBeUndefined();
  });

  it('reads nothing from a stored value that is not an invitation', () => {
    for (const raw of [
      'not json',
      'null',
      '[]',
      JSON.stringify({ code: 'AAAA2222', expiry: now + 1000 }),
      JSON.stringify({
        code: 'AAAA2222',
        expiry: now + 1000,
        claim: { from: 'tv', rr: '', tf: '', rf: '' },
      }),
      JSON.stringify({
        code: 7,
        expiry: now + 1000,
        claim: { from: 'web', rr: '', tf: '', rf: '' },
      }),
    ]) {
      const storage = createMemoryStorage({ [pendingInvitationKey]: raw });
      expect(readPendingInvitation(storage, now)).toBeUndefined();
    }
  });
});
