import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiRoutes,
  appDownloadsSchema,
  helpArticleFeatures,
  helpFeatureRules,
  helpFeatures,
  helpFeaturesOn,
  helpVotesPerMinute,
  type HelpFeature,
  type HelpSiteFacts,
} from '@nimbus/contracts';
import { buildTestApp, dialects, errorOf, type TestApp } from '../helper';
import { signedInMember } from '../identity';

/*
 * The help centre lists an article only while the feature it describes is on (the rules of
 * packages/contracts/src/help-center.ts, read from the config host). These tests hold every
 * rule against a real server: what a rule calls on must really work there, with the default
 * configuration and with the optional parts configured.
 */

interface AnyRoute {
  method: string;
  path: string;
}

async function factsOf(t: TestApp): Promise<HelpSiteFacts> {
  const values = async (scope: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/config/v1/${scope}`,
      payload: { client: 'web', data: { language: 'en-US' } },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ values: Record<string, Record<string, unknown>> }>().values[scope] ?? {};
  };
  const [products, resources] = await Promise.all([
    values('external_products'),
    values('resources'),
  ]);
  return {
    paymentProvider: typeof products.payment_provider === 'string' ? products.payment_provider : '',
    appDownloads: appDownloadsSchema.parse(resources.app_downloads ?? {}),
  };
}

/** Whether the app registered every route (method and catalogue path). */
function mounted(t: TestApp, ...routes: AnyRoute[]): boolean {
  return routes.every((route) =>
    t.routes.some((each) => each.url === route.path && each.methods.includes(route.method)),
  );
}

/**
 * For each feature, whether this server really offers it: its routes are mounted and, where a
 * call can tell without side effects, the call answers as the feature needs.
 */
const probes: Record<HelpFeature, (t: TestApp, facts: HelpSiteFacts) => Promise<boolean>> = {
  accounts: async (t) =>
    mounted(
      t,
      apiRoutes.auth.signUp,
      apiRoutes.auth.signIn,
      apiRoutes.auth.reset,
      apiRoutes.account.updateProfile,
      apiRoutes.account.uploadAvatar,
      apiRoutes.account.changePassword,
    ),
  drive: async (t) =>
    mounted(
      t,
      apiRoutes.drive.listFiles,
      apiRoutes.drive.star,
      apiRoutes.drive.batchMove,
      apiRoutes.drive.batchCopy,
      apiRoutes.drive.batchTrash,
      apiRoutes.drive.batchUntrash,
      apiRoutes.drive.emptyTrash,
      apiRoutes.content.zip,
      apiRoutes.event.list,
    ),
  uploads: async (t) => {
    // tus announces itself without credentials.
    const tus = await t.app.inject({ method: 'OPTIONS', url: '/drive/v1/uploads' });
    return (
      tus.statusCode === 204 &&
      typeof tus.headers['tus-version'] === 'string' &&
      mounted(t, apiRoutes.drive.createFile, apiRoutes.upload.tusAppend, apiRoutes.upload.prove)
    );
  },
  media: async (t) =>
    mounted(
      t,
      apiRoutes.mediaTracks.list,
      apiRoutes.mediaTracks.pick,
      apiRoutes.mediaTracks.putPreferences,
      apiRoutes.video.hls,
    ),
  shares: async (t) =>
    mounted(
      t,
      apiRoutes.share.create,
      apiRoutes.share.update,
      apiRoutes.share.batchDelete,
      apiRoutes.share.open,
      apiRoutes.share.restore,
      apiRoutes.share.zip,
      apiRoutes.share.report,
    ),
  offline: async (t) =>
    mounted(t, apiRoutes.offline.checkUrls, apiRoutes.task.list, apiRoutes.task.setPhase),
  webdav: async (t) => {
    const options = await t.app.inject({ method: 'OPTIONS', url: '/dav/' });
    return (
      options.statusCode === 200 &&
      options.headers['dav'] === '1, 2' &&
      mounted(t, apiRoutes.account.createAppPassword, apiRoutes.account.revokeAppPassword)
    );
  },
  'two-factor': async (t) =>
    mounted(t, apiRoutes.account.twoFactorSetup, apiRoutes.account.twoFactorDisable),
  sessions: async (t) => mounted(t, apiRoutes.account.sessions, apiRoutes.account.revokeSession),
  premium: async (t) => mounted(t, apiRoutes.membership.redeemActivationCode),
  referral: async (t) => mounted(t, apiRoutes.membership.invite),
  feedback: async (t) => mounted(t, apiRoutes.feedback.send),
  'account-self-service': async (t) =>
    mounted(
      t,
      apiRoutes.account.requestEmailChange,
      apiRoutes.account.requestDeletion,
      apiRoutes.dataExport.request,
    ),
  payments: async (t) => {
    // Without a provider the member's calls answer payment_unavailable.
    const { headers } = await signedInMember(t);
    const portal = await t.app.inject({
      method: 'POST',
      url: '/vip/v1/payment/portal',
      headers,
      payload: {},
    });
    return errorOf(portal).error !== 'payment_unavailable';
  },
  apps: async (_t, facts) =>
    ['android', 'gp', 'ios', 'windows', 'mac_apple_silicon', 'mac_intel'].some(
      (channel) => channel in facts.appDownloads,
    ),
  'browser-extension': async (_t, facts) =>
    ['extension_chrome', 'extension_edge', 'extension_firefox'].some(
      (channel) => channel in facts.appDownloads,
    ),
  // The TV app signs in by the device flow: a published TV app needs it to hand out codes.
  'tv-app': async (t, facts) => {
    const code = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/device/code',
      payload: { client_id: 'tv', scope: 'user pan' },
    });
    return 'tv' in facts.appDownloads && code.statusCode === 200;
  },
};

describe('the help centre’s article catalogue', () => {
  it('names only features of the catalogue, and every feature has a probe', () => {
    const known = new Set<string>(Object.keys(helpFeatureRules));
    for (const [article, feature] of Object.entries(helpArticleFeatures)) {
      expect(known.has(feature), `${article} names ${feature}`).toBe(true);
    }
    expect(Object.keys(probes).sort()).toEqual([...helpFeatures].sort());
  });
});

describe.each(dialects)('help-centre features on %s', (dialect) => {
  describe('with the default configuration', () => {
    let t: TestApp;
    let facts: HelpSiteFacts;
    beforeAll(async () => {
      t = await buildTestApp(dialect);
      facts = await factsOf(t);
    });
    afterAll(async () => {
      await t.close();
    });

    it('has every feature its rules say it has, and no other', async () => {
      const on = helpFeaturesOn(facts);
      for (const feature of helpFeatures) {
        expect(await probes[feature](t, facts), feature).toBe(on.has(feature));
      }
      // No payment provider and no published app by default: their articles are not shown.
      expect([...helpFeatures].filter((feature) => !on.has(feature)).sort()).toEqual(
        ['apps', 'browser-extension', 'payments', 'tv-app'].sort(),
      );
    });

    it('keeps an answer to “Was this helpful?” without anything of the visitor', async () => {
      const vote = (payload: unknown, remoteAddress = '198.51.100.4') =>
        t.app.inject({
          method: 'POST',
          url: '/statistics/pub/help_vote',
          payload: payload as Record<string, unknown>,
          remoteAddress,
          headers: { 'x-device-id': 'd'.repeat(32) },
        });
      const yes = await vote({ article: 'instant-upload', helpful: true, language: 'ja' });
      expect(yes.statusCode, yes.body).toBe(204);
      const rows = await t.container.database.db
        .selectFrom('analytics_events')
        .selectAll()
        .where('event', '=', 'help-vote')
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        page: '/help-center',
        language_web: 'ja',
        user_id: null,
        device_hash: '',
        address_hash: '',
        country: '',
      });
      expect(JSON.parse(rows[0]?.props ?? '')).toEqual({
        article: 'instant-upload',
        helpful: 'yes',
      });

      const refused: LightMyRequestResponse[] = [
        await vote(
          { article: 'no-such-article', helpful: true, language: 'en-US' },
          '198.51.100.5',
        ),
        await vote(
          { article: 'instant-upload', helpful: 'yes', language: 'en-US' },
          '198.51.100.5',
        ),
        await vote({ article: 'instant-upload', helpful: true, language: 'xx' }, '198.51.100.5'),
        await vote(
          { article: 'instant-upload', helpful: true, language: 'en-US', ip: '1.2.3.4' },
          '198.51.100.5',
        ),
      ];
      for (const response of refused) {
        expect(response.statusCode, response.body).toBe(400);
        expect(errorOf(response).error).toBe('invalid_argument');
      }

      // One address may answer a few times a minute; past that, the error object and Retry-After.
      const address = '198.51.100.6';
      for (let index = 0; index < helpVotesPerMinute; index += 1) {
        const answer = await vote(
          { article: 'passwords', helpful: false, language: 'ko' },
          address,
        );
        expect(answer.statusCode, answer.body).toBe(204);
      }
      const tooMany = await vote({ article: 'passwords', helpful: false, language: 'ko' }, address);
      expect(tooMany.statusCode).toBe(429);
      expect(errorOf(tooMany).error).toBe('too_many_requests');
      expect(tooMany.headers['retry-after']).toBeDefined();
    });
  });
});

// The optional parts come from configuration, whatever the database: one kind is enough.
describe('help-centre features with payments and apps configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', {
      STRIPE_SECRET_KEY: 'sk_test_help_centre',
      STRIPE_WEBHOOK_SECRET: 'whsec_help_centre',
      APP_DOWNLOADS: JSON.stringify({
        ios: { url: 'https://apps.example/nimbus-ios' },
        tv: { url: 'https://downloads.example/nimbus-tv.apk' },
        extension_firefox: { url: 'https://addons.example/nimbus' },
      }),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('turns the optional features on, and the server has them', async () => {
    const facts = await factsOf(t);
    const on = helpFeaturesOn(facts);
    expect(helpFeatures.every((feature) => on.has(feature))).toBe(true);
    for (const feature of helpFeatures) {
      expect(await probes[feature](t, facts), feature).toBe(true);
    }
  });
});
