import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GateCheck } from './request-gate';

/** What one group of paths lets another origin do (the Fetch standard's CORS protocol). */
export interface CorsPolicy {
  /** Whether the answer may be read by a request that carries credentials (cookies). */
  credentials: boolean;
  /** Methods a preflight allows. */
  methods: readonly string[];
  /** Request headers a preflight allows. */
  allowedHeaders: readonly string[];
  /** Answer headers the page may read. */
  exposedHeaders: readonly string[];
  /** How long a browser may keep a preflight's answer, in seconds. */
  maxAgeSeconds: number;
}

export interface CorsOptions {
  /** The origins that may read answers; any other origin gets no CORS headers. */
  allowedOrigins: readonly string[];
  /** The policy of every path outside `prefixPolicies`. */
  policy: CorsPolicy;
  /** Policies of the paths under a prefix (content links). */
  prefixPolicies: Readonly<Record<string, CorsPolicy>>;
}

interface PolicyHeaders {
  credentials: boolean;
  methods: string;
  allowedHeaders: string;
  exposedHeaders: string;
  maxAge: string;
}

function headersOf(policy: CorsPolicy): PolicyHeaders {
  return {
    credentials: policy.credentials,
    methods: policy.methods.join(', '),
    allowedHeaders: policy.allowedHeaders.join(', '),
    exposedHeaders: policy.exposedHeaders.join(', '),
    maxAge: String(policy.maxAgeSeconds),
  };
}

/**
 * CORS for the API and the content links: an allowed origin gets `Access-Control-Allow-Origin`
 * (and `-Credentials` where the policy allows them) and the headers it may read; a preflight
 * (`OPTIONS` naming `Access-Control-Request-Method`) from one is answered 204 in the hook,
 * before anything that would refuse it for lacking credentials. Every answer varies by
 * `Origin`. The header values are worked out once: this runs on every request. Answers the check
 * for the request gate (`registerRequestGate`), which must run it.
 */
export function registerCors(app: FastifyInstance, options: CorsOptions): GateCheck {
  const allowed = new Set(options.allowedOrigins);
  const fallback = headersOf(options.policy);
  const byPrefix = Object.entries(options.prefixPolicies).map(
    ([prefix, policy]) => [`${prefix}/`, headersOf(policy)] as const,
  );
  const policyOf = (request: FastifyRequest): PolicyHeaders => {
    for (const [prefix, policy] of byPrefix) {
      if (request.url.startsWith(prefix)) {
        return policy;
      }
    }
    return fallback;
  };

  // An allowed preflight is answered by the check; any other OPTIONS request reaches this route
  // and answers as a path that does not exist.
  app.options('*', { schema: { hide: true } }, (_request, reply) => {
    reply.callNotFound();
  });
  return (request, reply) => {
    void reply.header('vary', 'Origin');
    const origin = request.headers.origin;
    if (origin === undefined || !allowed.has(origin)) {
      return undefined;
    }
    const policy = policyOf(request);
    void reply.header('access-control-allow-origin', origin);
    if (policy.credentials) {
      void reply.header('access-control-allow-credentials', 'true');
    }
    void reply.header('access-control-expose-headers', policy.exposedHeaders);
    if (request.raw.method !== 'OPTIONS') {
      return undefined;
    }
    if (request.headers['access-control-request-method'] === undefined) {
      void reply.code(400).type('text/plain').send('Invalid Preflight Request');
      return 'answered';
    }
    void reply
      .header('access-control-allow-methods', policy.methods)
      .header('access-control-allow-headers', policy.allowedHeaders)
      .header('access-control-max-age', policy.maxAge)
      .code(204)
      .header('content-length', '0')
      .send();
    return 'answered';
  };
}
