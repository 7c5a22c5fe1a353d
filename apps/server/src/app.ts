import type { IncomingMessage } from 'node:http';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerFactory,
  type RouteOptions,
} from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Container } from './container';
import { answerSerializerCompiler } from './http/answer-serializer';
import { AppError } from './http/app-error';
import { answerClientError, answerConnect, lacksHost } from './http/client-error';
import { registerRateLimit } from './http/rate-limit';
import { registerJsonBody } from './http/json-body';
import { requestValidatorCompiler } from './http/request-validator';
import { registerErrorHandler, sendFrameworkError, sharedError } from './http/error-handler';
import { registerTextGuard } from './http/text-guard';
import { originGuard } from './modules/auth/origin-guard';
import { clientGuard } from './http/client-guard';
import { registerCors } from './http/cors';
import { RequestLog } from './http/request-log';
import { requestLoggerFactory } from './http/request-logger';
import { withRequestId } from './lib/request-context';
import { securityHeaders } from './http/security-headers';
import { type GateCheck, registerRequestGate } from './http/request-gate';
import { newRequestId } from './http/request-id';
import { accessRoutes } from './modules/access/access.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { membersRoutes } from './modules/admin/members.routes';
import { settingsConsoleRoutes } from './modules/site-config/settings-console.routes';
import { compensationsConsoleRoutes } from './modules/site-config/compensations-console.routes';
import { contentPathPrefix } from './modules/content/content-link';
import {
  contentCorsExposedHeaders,
  contentCorsRequestHeaders,
} from './modules/content/content-serving';
import { contentRoutes } from './modules/content/content.routes';
import { mediaTracksRoutes } from './modules/video/tracks/media-tracks.routes';
import { videoRoutes } from './modules/video/video.routes';
import { driveRoutes } from './modules/drive/drive.routes';
import { fileCreateRoutes } from './modules/file-create/file-create.routes';
import { shareRoutes } from './modules/share/share.routes';
import { eventRoutes } from './modules/event/event.routes';
import { taskRoutes } from './modules/task/task.routes';
import { uploadRoutes } from './modules/upload/upload.routes';
import { offlineRoutes } from './modules/offline/offline.routes';
import { urlCheckRoutes } from './modules/offline/url-check.routes';
import { healthRoutes } from './modules/health/health.routes';
import { activationBatchRoutes } from './modules/membership/activation-batch.routes';
import { membershipRoutes } from './modules/membership/membership.routes';
import { paymentRoutes } from './modules/payment/payment.routes';
import { feedbackRoutes } from './modules/feedback/feedback.routes';
import { statisticsRoutes } from './modules/statistics/statistics.routes';
import { moderationRoutes } from './modules/moderation/moderation.routes';
import { oauthRoutes } from './modules/oauth/oauth.routes';
import { siteConfigRoutes } from './modules/site-config/site-config.routes';
import { accountSecurityRoutes } from './modules/user/account-security.routes';
import { appPasswordRoutes } from './modules/user/app-password.routes';
import { avatarRoutes } from './modules/user/avatar.routes';
import { dataExportRoutes } from './modules/data-export/data-export.routes';
import { userRoutes } from './modules/user/user.routes';
import { twoFactorRoutes } from './modules/user/two-factor.routes';
import { shieldRoutes } from './modules/shield/shield.routes';
import { addDavMethods, davRoutes } from './modules/webdav/dav.routes';

type AppConfig = Pick<
  Config,
  | 'TRUST_PROXY'
  | 'BODY_LIMIT'
  | 'ALLOWED_ORIGINS'
  | 'AUTH_CLIENTS'
  | 'RATE_LIMIT_MAX'
  | 'RATE_LIMIT_WINDOW_MS'
  | 'COUNTRY_HEADER'
  | 'ANALYTICS_MAX_PER_MINUTE'
  | 'PUBLIC_URL'
  | 'REFRESH_TOKEN_TTL_SECONDS'
>;

export interface BuildAppOptions {
  config: AppConfig;
  container: Container;
  logger: FastifyBaseLogger;
  /** Lets the caller put the HTTP server in front (main.ts routes site pages to the web app). */
  serverFactory?: FastifyServerFactory;
  /** Extra readiness checks (the web app, when it is hosted in the same process). */
  readinessChecks?: Record<string, () => Promise<boolean>>;
  /** Told of every route as it is registered (tests enumerate the route table with it). */
  onRoute?: (route: RouteOptions) => void;
  /**
   * Encode every answer with zod too and fail the request when it breaks its schema or the
   * compiled writer would send it differently (the tests); production only runs the writer.
   */
  checkAnswers?: boolean;
}

const requestIdPattern = /^[A-Za-z0-9._-]{8,64}$/;

/** Headers API clients send (docs/api.md#conventions) and the ones they may read. */
const clientHeaders = [
  'authorization',
  'content-type',
  'accept-language',
  'x-client-id',
  'x-device-id',
  'x-captcha-token',
  'x-request-id',
  // tus 1.0 (uploads)
  'tus-resumable',
  'upload-offset',
  'upload-length',
  'upload-checksum',
  'upload-metadata',
];
const exposedHeaders = [
  'retry-after',
  'x-request-id',
  'tus-resumable',
  'tus-version',
  'tus-extension',
  'tus-max-size',
  'tus-checksum-algorithm',
  'upload-offset',
  'upload-length',
  'upload-expires',
];

function trustProxySetting(value: string): boolean | string {
  if (value === 'none') {
    return false;
  }
  return value;
}

/**
 * Builds the API server: one Fastify instance with every API path group, the error model of
 * docs/api.md#errors, security headers, rate limits and the OpenAPI reference. Nothing here listens;
 * main.ts does, and tests use `app.inject()`.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, container } = options;
  const app = Fastify({
    loggerInstance: options.logger,
    logController: new RequestLog(),
    childLoggerFactory: requestLoggerFactory,
    trustProxy: trustProxySetting(config.TRUST_PROXY),
    bodyLimit: config.BODY_LIMIT,
    requestIdHeader: false,
    genReqId: (request: IncomingMessage) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && requestIdPattern.test(given) ? given : newRequestId();
    },
    // Content links carry their signed claims in the path: a zip of 100 items is about 2.7 KB.
    routerOptions: { maxParamLength: 8192, ignoreTrailingSlash: true },
    // A malformed path answers with the error object of docs/api.md#errors like every other failure.
    frameworkErrors: sendFrameworkError,
    // What Node's parser refuses (headers over the limit, a malformed request) answers the error
    // object too, and a request without Host reaches the hook below instead of Node's empty 400.
    clientErrorHandler: (error, socket) => answerClientError(error, socket, options.logger),
    http: { requireHostHeader: false },
    ...(options.serverFactory ? { serverFactory: options.serverFactory } : {}),
  });

  app.server.on('connect', answerConnect);
  if (options.onRoute) {
    app.addHook('onRoute', options.onRoute);
  }
  app.setValidatorCompiler(requestValidatorCompiler);
  registerJsonBody(app);
  app.setSerializerCompiler(
    answerSerializerCompiler({ checkAnswers: options.checkAnswers ?? false }),
  );
  registerErrorHandler(app);
  // Files, uploads, tasks, shares and share reports (docs/api.md#files to #shares), the user service, site
  // configuration, mail, analytics and access (#account-and-membership, #user-service). Membership calls (`/vip/v1/`) check their own texts.
  registerTextGuard(app, [
    '/drive/v1/',
    '/audit.admin/v1/',
    '/v1/',
    '/config/v1/',
    '/mail/v1/',
    '/statistics/',
    '/access_controller/v1/',
  ]);
  // What every request passes, in this order, as one plain hook (`registerRequestGate`): a promise
  // and its microtask per check, or a hook per check, would cost more than what most of them do.
  const requestIdAndHost: GateCheck = (request, reply) => {
    void reply.header('x-request-id', request.id);
    if (lacksHost(request.raw)) {
      void reply.header('connection', 'close');
      return new AppError('invalid_argument', {
        description: 'An HTTP/1.1 request names its Host',
      });
    }
    return undefined;
  };
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'none'"],
      },
    },
    crossOriginResourcePolicy: { policy: 'same-site' },
    // Headers that only mean something on an HTML document (or to Internet Explorer and Flash)
    // are left out: every answer here is JSON or a file's bytes, and each header is paid on
    // every call.
    // RFC 6797: HSTS is sent over https only, and a site served over plain http has no https
    // origin to pin.
    strictTransportSecurity: config.PUBLIC_URL.startsWith('https://') ? {} : false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  const cors = registerCors(app, {
    allowedOrigins: config.ALLOWED_ORIGINS,
    policy: {
      credentials: true,
      methods: ['GET', 'HEAD', 'POST'],
      allowedHeaders: clientHeaders,
      exposedHeaders,
      maxAgeSeconds: 600,
    },
    // The content origin: the site reads bytes with a Range (the text viewer), without credentials.
    prefixPolicies: {
      [contentPathPrefix]: {
        credentials: false,
        methods: ['GET', 'HEAD'],
        allowedHeaders: contentCorsRequestHeaders,
        exposedHeaders: contentCorsExposedHeaders,
        maxAgeSeconds: 600,
      },
    },
  });
  // Every route is limited except the health probes, which opt out in their route config.
  const rateLimit = registerRateLimit(
    app,
    { max: config.RATE_LIMIT_MAX, timeWindow: config.RATE_LIMIT_WINDOW_MS },
    container.fleet.redis,
  );
  registerRequestGate(app, [
    requestIdAndHost,
    headers,
    cors,
    originGuard(config.ALLOWED_ORIGINS),
    clientGuard(config.AUTH_CLIENTS),
  ]);
  // The handler and everything it starts run as this request's work: a job it queues keeps the
  // id, and the services' lines name it (lib/request-context.ts). After the body is read, whose
  // stream events run outside any request.
  app.addHook('preHandler', (request, _reply, done) => withRequestId(request.id, done));
  const { metrics } = container;
  if (metrics) {
    // Only with METRICS_PORT: a node without metrics adds no hook to its calls.
    app.addHook('onResponse', (request, reply, done) => {
      metrics.observeRequest(
        request.routeOptions.url ?? 'other',
        reply.statusCode,
        reply.elapsedTime,
        Number(request.headers['content-length'] ?? 0) || 0,
        Number(reply.getHeader('content-length') ?? 0) || 0,
      );
      done();
    });
  }

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Nimbus API',
        description:
          'The HTTP API of Nimbus. Every failure answers the error object ' +
          '`{error, error_code, error_description, error_uri, details}`.',
        version: '1',
      },
      servers: [{ url: config.PUBLIC_URL }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          session: { type: 'apiKey', in: 'cookie', name: 'nimbus_session' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/reference',
    uiConfig: { url: '/api/openapi.json', deepLinking: true },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(
    healthRoutes({
      readinessChecks: {
        database: container.isDatabaseReady,
        blobs: container.isBlobStoreReady,
        ...options.readinessChecks,
      },
    }),
  );
  await app.register(
    accessRoutes({ access: container.access, countryHeader: config.COUNTRY_HEADER }),
  );
  await app.register(siteConfigRoutes({ siteConfig: container.siteConfig }));
  await app.register(
    driveRoutes({
      authenticator: container.authenticator,
      files: container.files,
      links: container.content.linker,
      offline: container.offline,
      downloadTraffic: container.downloadTraffic,
    }),
  );
  await app.register(
    fileCreateRoutes({
      authenticator: container.authenticator,
      files: container.files,
      uploads: container.uploads,
      offline: container.offline,
    }),
  );
  await app.register(
    shareRoutes({
      authenticator: container.authenticator,
      console: {
        access: container.consoleAccess,
        audit: container.audit,
        transaction: container.database.transaction,
      },
      shares: container.shares,
      links: container.content.linker,
      files: container.files,
      zips: container.content,
    }),
  );
  await app.register(
    uploadRoutes({
      authenticator: container.authenticator,
      uploads: container.uploads,
      maxUploadBytes: async () => {
        const { free, premium } = await container.siteConfig.planLimits();
        return Math.max(free.storageBytes, premium.storageBytes);
      },
    }),
  );
  await app.register(
    offlineRoutes({ authenticator: container.authenticator, offline: container.offline }),
  );
  await app.register(
    urlCheckRoutes({ authenticator: container.authenticator, urlCheck: container.urlCheck }),
  );
  await app.register(
    taskRoutes({
      authenticator: container.authenticator,
      tasks: container.tasks,
      files: container.fileReferences,
    }),
  );
  await app.register(
    eventRoutes({
      authenticator: container.authenticator,
      events: container.events,
      files: container.files,
      links: container.content.linker,
    }),
  );
  await app.register(
    contentRoutes({ content: container.content, authenticator: container.authenticator }),
  );
  await app.register(
    mediaTracksRoutes({
      authenticator: container.authenticator,
      mediaTracks: container.mediaTracks,
      preferences: container.mediaPreferences,
    }),
  );
  await app.register(
    videoRoutes({
      content: container.content,
      videos: container.videos,
      jobs: container.videoJobs,
    }),
  );
  await app.register(
    membershipRoutes({
      authenticator: container.authenticator,
      memberships: container.memberships,
      activities: container.membershipActivities,
      transferQuotas: container.transferQuotas,
      verifyCaptcha: (input) => container.shield.verifyToken(input),
    }),
  );
  await app.register(
    paymentRoutes({
      authenticator: container.authenticator,
      payments: container.payments,
      notices: container.paymentNotices,
    }),
  );
  await app.register(
    feedbackRoutes({ authenticator: container.authenticator, feedback: container.feedback }),
  );
  await app.register(
    statisticsRoutes({
      authenticator: container.authenticator,
      statistics: container.statistics,
      access: container.access,
      countryHeader: config.COUNTRY_HEADER,
      maxEventCallsPerMinute: config.ANALYTICS_MAX_PER_MINUTE,
    }),
  );
  await app.register(
    userRoutes({
      accounts: container.accounts,
      sessions: container.sessions,
      oauth: container.oauth,
      profiles: container.profiles,
      authenticator: container.authenticator,
      allowedOrigins: config.ALLOWED_ORIGINS,
      sessionTtlSeconds: config.REFRESH_TOKEN_TTL_SECONDS,
      isSecure: config.PUBLIC_URL.startsWith('https://'),
    }),
  );

  await app.register(
    accountSecurityRoutes({
      accountSecurity: container.accountSecurity,
      emailChanges: container.emailChanges,
      authenticator: container.authenticator,
    }),
  );
  await app.register(
    appPasswordRoutes({
      appPasswords: container.appPasswords,
      authenticator: container.authenticator,
    }),
  );
  await app.register(
    avatarRoutes({
      avatars: container.avatars,
      deletions: container.accountDeletions,
      profiles: container.profiles,
      authenticator: container.authenticator,
    }),
  );
  await app.register(
    dataExportRoutes({
      dataExports: container.dataExports,
      authenticator: container.authenticator,
    }),
  );
  await app.register(
    twoFactorRoutes({ twoFactor: container.twoFactor, authenticator: container.authenticator }),
  );
  await app.register(
    shieldRoutes({ shield: container.shield, allowedOrigins: config.ALLOWED_ORIGINS }),
  );

  await app.register(
    oauthRoutes({ oauth: container.oauth, authenticator: container.authenticator }),
  );
  await app.register(
    adminRoutes({
      authenticator: container.authenticator,
      access: container.consoleAccess,
      audit: container.audit,
      transaction: container.database.transaction,
      roles: container.roles,
      dashboard: container.dashboard,
      system: container.system,
    }),
  );
  await app.register(
    moderationRoutes({
      authenticator: container.authenticator,
      console: {
        access: container.consoleAccess,
        audit: container.audit,
        transaction: container.database.transaction,
      },
      decisions: container.shareDecisions,
      previews: container.sharePreviews,
    }),
  );
  await app.register(
    membersRoutes({
      authenticator: container.authenticator,
      access: container.consoleAccess,
      audit: container.audit,
      transaction: container.database.transaction,
      members: container.members,
    }),
  );
  await app.register(
    activationBatchRoutes({
      authenticator: container.authenticator,
      console: {
        access: container.consoleAccess,
        audit: container.audit,
        transaction: container.database.transaction,
      },
      batches: container.activationBatches,
    }),
  );
  await app.register(
    settingsConsoleRoutes({
      authenticator: container.authenticator,
      console: {
        access: container.consoleAccess,
        audit: container.audit,
        transaction: container.database.transaction,
      },
      settings: container.settingsConsole,
    }),
  );
  await app.register(
    compensationsConsoleRoutes({
      authenticator: container.authenticator,
      console: {
        access: container.consoleAccess,
        audit: container.audit,
        transaction: container.database.transaction,
      },
      siteConfig: container.siteConfig,
      claims: container.compensationClaims,
    }),
  );
  addDavMethods(app);
  await app.register(
    davRoutes({
      dav: container.dav,
      locks: container.davLocks,
      content: container.content,
      authenticator: container.davAuthenticator,
    }),
  );

  // One error for every unknown path: it holds nothing of the request, and building an Error
  // (its stack trace) per request would cost more than the rest of the answer.
  const unknownPath = sharedError(
    new AppError('not_found', { description: 'This API path does not exist' }),
  );
  app.setNotFoundHandler({ preHandler: rateLimit }, async () => {
    throw unknownPath;
  });

  return app;
}
