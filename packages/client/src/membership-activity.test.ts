/// <reference types="node" />
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from './api-client';
import {
  claimInvitation,
  fetchInvitePage,
  invitationClaimOf,
  inviteCodeOfUrl,
} from './membership-activity';
import { createMemoryStorage } from './storage';

describe('inviteCodeOfUrl', () => {
  it('reads the code of an invitation link, upper-cased', () => {
    expect(inviteCodeOfUrl(new URL('https://nimbus.example/referral?invite_code=ab3k7mnp'))).toBe(
      'AB3K7MNP',
    );
  });

  it('ignores links without a code or with something that is not one', () => {
    expect(inviteCodeOfUrl(new URL('https://nimbus.example/referral'))).toBeUndefined();
    expect(inviteCodeOfUrl(new URL('https://nimbus.example/?invite_code='))).toBeUndefined();
    expect(
      inviteCodeOfUrl(new URL('https://nimbus.example/?invite_code=%3Cscript%3E')),
    ).toBeUndefined();
    expect(
      inviteCodeOfUrl(new URL(`https://nimbus.example/?invite_code=${'A'.repeat(33)}`)),
    ).toBeUndefined();
  });
});

describe('invitationClaimOf', () => {
  it('sends the landing page as host plus path and query, the source and the referrers', () => {
    expect(
      invitationClaimOf({
        landing: new URL('https://nimbus.example:8443/ja/referral?invite_code=AB3K7MNP#rules'),
        source: 'newsletter',
        referers: ['news.example', 'blog.example'],
      }),
    ).toEqual({
      from: 'web',
      rr: 'nimbus.example:8443/ja/referral?invite_code=AB3K7MNP',
      tf: 'newsletter',
      rf: 'news.example,blog.example',
    });
  });

  it('sends empty strings when nothing is known of where the visitor came from', () => {
    expect(
      invitationClaimOf({
        landing: new URL('https://nimbus.example/referral?invite_code=X2345678'),
      }),
    ).toEqual({
      from: 'web',
      rr: 'nimbus.example/referral?invite_code=X2345678',
      tf: '',
      rf: '',
    });
  });
});

describe('the referral calls', () => {
  const seen: { method: string; url: string; body: string }[] = [];
  let origin = '';
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.setHeader('content-type', 'application/json');
      if (
        request.url?.startsWith('/vip/v1/activity/invite?') ||
        request.url === '/vip/v1/activity/invite'
      ) {
        response.end(JSON.stringify({ free_days: 7, invited: true }));
        return;
      }
      response.end(
        JSON.stringify({
          result: 'ACCEPTED',
          data: {
            invite_code: 'AB3K7MNP',
            invite_url: 'https://nimbus.example/referral?invite_code=AB3K7MNP',
            free_days: 7,
            invited_count: '1',
            earned_days: 7,
            monthly_limit: '30',
            monthly_remaining: '29',
            invitees: [],
          },
        }),
      );
    });
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  function client() {
    return createApiClient({
      clientId: 'web',
      origins: { drive: [origin] },
      locale: () => 'en-US',
      getDeviceId: () => '0123456789abcdef0123456789abcdef',
      storage: createMemoryStorage(),
      fetch: globalThis.fetch,
    });
  }

  it('posts the claim as the contract names it and reads the days', async () => {
    const claim = invitationClaimOf({
      landing: new URL('https://nimbus.example/referral?invite_code=AB3K7MNP'),
    });
    await expect(claimInvitation(client(), claim)).resolves.toEqual({
      free_days: 7,
      invited: true,
    });
    const sent = seen.find((entry) => entry.method === 'POST');
    expect(sent?.url).toBe('/vip/v1/activity/invite');
    expect(JSON.parse(sent?.body ?? '{}')).toEqual(claim);
  });

  it('asks for the referral page with its limit and answers its data', async () => {
    const page = await fetchInvitePage(client(), 5);
    expect(page.invited_count).toBe('1');
    expect(page.invite_url).toContain('invite_code=AB3K7MNP');
    expect(
      seen.some((entry) => entry.url === '/vip/v1/activity/inviteExtActivityPage?limit=5'),
    ).toBe(true);
  });
});
