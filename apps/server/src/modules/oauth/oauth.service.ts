import { locales } from '@nimbus/contracts';
import { AppError, isAppError } from '../../http/app-error';
import { hashToken, newId, newSecretToken, safeEqual } from '../../lib/secrets';
import type { WindowLimit, WindowLimiter } from '../../lib/window-limiter';
import type { Actor } from '../auth/authenticator';
import type { RequestContext } from '../user/request-context';
import type { SessionRepository } from '../user/session.repository';
import type { SessionService, TokenGrant } from '../user/session.service';
import type { CodeExchangeInput, DevicePollInput } from '../user/user.ports';
import type { UserRepository } from '../user/user.repository';
import {
  deviceCodeGrantType,
  matchesRedirectUri,
  oauthScopes,
  type OAuthClient,
  type OAuthClientRegistry,
  type OAuthScope,
} from './oauth-clients';
import type { DeviceGrantRow, OAuthCodeRow, OAuthRepository } from './oauth.repository';
import { isS256Challenge, verifiesChallenge } from './pkce';
import { formatUserCode, newUserCode, normalizeUserCode } from './user-code';

/** Lifetimes and limits of the OAuth grants, from configuration. */
export interface OAuthSettings {
  /** The issuer and the origin of every endpoint (`PUBLIC_URL`). */
  publicUrl: string;
  codeTtlSeconds: number;
  deviceCodeTtlSeconds: number;
  deviceIntervalSeconds: number;
  /** User-code look-ups and decisions per member and per address in one window. */
  userCodeMaxAttempts: number;
  rateWindowSeconds: number;
  /** Device authorizations one address may start in one window. */
  rateMaxPerAddress: number;
}

export interface OAuthServiceDeps {
  clients: OAuthClientRegistry;
  grants: OAuthRepository;
  sessions: Pick<SessionService, 'issue'>;
  sessionRecords: Pick<SessionRepository, 'revoke'>;
  users: Pick<UserRepository, 'findById'>;
  limiter: WindowLimiter;
  settings: OAuthSettings;
  now: () => Date;
}

/** The parameters of an authorization request (RFC 6749 §4.1.1, RFC 7636 §4.3), as sent. */
export interface AuthorizeInput {
  clientId: string | undefined;
  responseType: string | undefined;
  redirectUri: string | undefined;
  scope: string | undefined;
  state: string | undefined;
  codeChallenge: string | undefined;
  codeChallengeMethod: string | undefined;
}

/** A code issued to a client, and where it goes. */
export interface Authorization {
  code: string;
  state: string;
  redirectUri: string;
}

export type { CodeExchangeInput, DevicePollInput } from '../user/user.ports';

/** The answer to a device authorization request (RFC 8628 §3.2). */
export interface DeviceAuthorization {
  deviceCode: string;
  /** Formatted for people: `WDJB-MJHT`. */
  userCode: string;
  verificationUri: string;
  verificationUriComplete: string;
  expiresIn: number;
  interval: number;
}

/** What the member's activation page shows about a user code. */
export interface PendingDevice {
  userCode: string;
  clientId: string;
  clientName: string;
  scope: string;
  expiresAt: string;
  expiresIn: number;
}

const maxSecretLength = 512;
// Timers fire a little late or early; a poll this much before the interval is not "too fast".
const pollJitterMs = 250;
const slowDownStepSeconds = 5;

/** The page of the site where a member enters a TV's user code (RFC 8628 `verification_uri`). */
export const deviceVerificationPath = '/tv/activate';

/** The page of the site where a browser-driven authorization request signs the member in first. */
export const signInPath = '/auth';

/** The path of the authorization endpoint. */
export const authorizePath = '/v1/user/authorize';

function describeList(values: readonly string[]): string {
  return values.join(' ');
}

/**
 * The OAuth flows of docs/api.md#user-service: authorization codes with PKCE for the apps and the site's
 * hand-off, and the device authorization grant for TVs. Tokens come from the session service,
 * so OAuth sessions rotate and revoke like any other.
 */
export function createOAuthService(deps: OAuthServiceDeps) {
  const { settings } = deps;
  const windowMs = settings.rateWindowSeconds * 1000;
  const userCodeLimit: WindowLimit = { max: settings.userCodeMaxAttempts, windowMs };
  const deviceStartLimit: WindowLimit = { max: settings.rateMaxPerAddress, windowMs };

  async function limit(key: string, windowLimit: WindowLimit): Promise<void> {
    const decision = await deps.limiter.hit(key, windowLimit);
    if (!decision.allowed) {
      throw new AppError('too_many_requests', { retryAfterSeconds: decision.retryAfterSeconds });
    }
  }

  /** The scopes asked for, in canonical order; all the client may have when none are named. */
  function grantedScope(client: OAuthClient, requested: string | undefined): string {
    const asked = (requested ?? '').split(' ').filter((name) => name !== '');
    const names = asked.length === 0 ? [...client.scopes] : asked;
    for (const name of names) {
      if (!client.scopes.includes(name as OAuthScope)) {
        throw new AppError('invalid_scope', {
          description: `The scope may only name: ${describeList(client.scopes)}`,
        });
      }
    }
    return describeList(oauthScopes.filter((scope) => names.includes(scope)));
  }

  function authenticateClient(client: OAuthClient, secret: string | undefined): void {
    if (client.type === 'public') {
      return;
    }
    if (secret === undefined || client.secret === undefined || !safeEqual(secret, client.secret)) {
      throw new AppError('unauthorized_client', { description: 'Client authentication failed' });
    }
  }

  /**
   * The checks after which errors may go back to the redirect URI (RFC 6749 §4.1.2.1): an
   * unknown client or an unregistered redirect URI is told to the caller, never redirected.
   */
  function redirectTarget(input: AuthorizeInput): { client: OAuthClient; redirectUri: string } {
    if (!input.clientId) {
      throw new AppError('invalid_request', { description: 'client_id is required' });
    }
    const client = deps.clients.getForGrant(input.clientId, 'authorization_code');
    if (!input.redirectUri) {
      throw new AppError('invalid_request', { description: 'redirect_uri is required' });
    }
    if (!matchesRedirectUri(client.redirectUris, input.redirectUri)) {
      throw new AppError('invalid_request', {
        description: 'redirect_uri is not registered for this client',
      });
    }
    return { client, redirectUri: input.redirectUri };
  }

  async function issueCode(actor: Actor, input: AuthorizeInput): Promise<Authorization> {
    const { client, redirectUri } = redirectTarget(input);
    if (input.responseType !== 'code') {
      throw new AppError('unsupported_response_type', {
        description: 'response_type must be code',
      });
    }
    const scope = grantedScope(client, input.scope);
    const hasChallenge = input.codeChallenge !== undefined && input.codeChallenge !== '';
    if (hasChallenge || client.type === 'public') {
      if (!hasChallenge) {
        throw new AppError('invalid_request', {
          description: 'code_challenge is required (PKCE S256)',
        });
      }
      if (input.codeChallengeMethod !== 'S256') {
        throw new AppError('invalid_request', {
          description: 'code_challenge_method must be S256',
        });
      }
      if (!isS256Challenge(input.codeChallenge ?? '')) {
        throw new AppError('invalid_request', {
          description: 'code_challenge must be 43 base64url characters',
        });
      }
    }
    const now = deps.now();
    const code = newSecretToken();
    await deps.grants.deleteExpired(now);
    await deps.grants.insertCode({
      code_hash: hashToken(code),
      client_id: client.id,
      user_id: actor.userId,
      redirect_uri: redirectUri,
      scope,
      code_challenge: hasChallenge ? (input.codeChallenge ?? null) : null,
      code_challenge_method: hasChallenge ? 'S256' : null,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + settings.codeTtlSeconds * 1000).toISOString(),
      consumed_at: null,
      session_id: null,
    });
    return { code, state: input.state ?? '', redirectUri };
  }

  function withParams(base: string, params: Record<string, string>): string {
    const url = new URL(base);
    for (const [name, value] of Object.entries(params)) {
      url.searchParams.set(name, value);
    }
    return url.toString();
  }

  async function revokeSession(sessionId: string | null, now: Date): Promise<void> {
    if (sessionId !== null) {
      await deps.sessionRecords.revoke(sessionId, 'reuse', now);
    }
  }

  /** Why a code may not be traded by this request, or undefined when it may. */
  async function codeProblem(
    row: OAuthCodeRow,
    client: OAuthClient,
    input: CodeExchangeInput,
    now: Date,
  ): Promise<string | undefined> {
    if (row.client_id !== client.id) {
      return 'The authorization code belongs to another client';
    }
    if (row.expires_at <= now.toISOString()) {
      return 'The authorization code has expired';
    }
    if (row.redirect_uri !== input.redirectUri) {
      return 'redirect_uri differs from the authorization request';
    }
    const verified =
      row.code_challenge === null
        ? input.codeVerifier === undefined
        : input.codeVerifier !== undefined &&
          verifiesChallenge(input.codeVerifier, row.code_challenge);
    if (!verified) {
      return 'code_verifier does not match the code_challenge';
    }
    const user = await deps.users.findById(row.user_id);
    if (!user || user.status !== 'active') {
      return 'The member can no longer sign in';
    }
    return undefined;
  }

  async function assertActiveMember(userId: string | null): Promise<string> {
    const user = userId === null ? undefined : await deps.users.findById(userId);
    if (!user || user.status !== 'active') {
      throw new AppError('invalid_grant', { description: 'The member can no longer sign in' });
    }
    return user.id;
  }

  /** A device authorization a member may still decide, by what they typed. */
  async function pendingByUserCode(
    actor: Actor,
    typed: string,
    context: RequestContext,
  ): Promise<DeviceGrantRow> {
    await limit(`device-user-code:member:${actor.userId}`, userCodeLimit);
    await limit(`device-user-code:address:${context.address}`, userCodeLimit);
    const userCode = normalizeUserCode(typed);
    const row =
      userCode === undefined ? undefined : await deps.grants.findDeviceGrantByUserCode(userCode);
    if (!row || row.status !== 'pending') {
      throw new AppError('invalid_verification_code', {
        description: 'No TV is waiting for this code',
      });
    }
    if (row.expires_at <= deps.now().toISOString()) {
      throw new AppError('expired_verification_code', {
        description: 'The code has expired; start again on the TV',
      });
    }
    return row;
  }

  return {
    /**
     * Checks the secret of a confidential client at the token endpoint (any grant); public
     * clients and ids unknown to OAuth pass, the grant itself judges them.
     */
    authenticateClient(clientId: string, secret: string | undefined): void {
      const client = deps.clients.find(clientId);
      if (client) {
        authenticateClient(client, secret);
      }
    },

    /** `POST /v1/user/authorize`: a code for a signed-in member, or an error to the caller. */
    authorize(actor: Actor, input: AuthorizeInput): Promise<Authorization> {
      return issueCode(actor, input);
    },

    /**
     * `GET /v1/user/authorize`: where to send the browser. A valid request of a signed-in member
     * goes back to the client with `code` and `state`; a member who is not signed in goes to the
     * site's sign-in page, which returns here; other failures go back to the client with
     * `error`, `error_description` and `state`. Only an unknown client or an unregistered
     * redirect URI throws, so nothing is sent to an address the client does not own.
     */
    async authorizeRedirect(actor: Actor | null, input: AuthorizeInput): Promise<string> {
      const { redirectUri } = redirectTarget(input);
      if (!actor) {
        const query = new URLSearchParams();
        const pairs: [string, string | undefined][] = [
          ['client_id', input.clientId],
          ['response_type', input.responseType],
          ['redirect_uri', input.redirectUri],
          ['scope', input.scope],
          ['state', input.state],
          ['code_challenge', input.codeChallenge],
          ['code_challenge_method', input.codeChallengeMethod],
        ];
        for (const [name, value] of pairs) {
          if (value !== undefined) {
            query.set(name, value);
          }
        }
        return withParams(`${settings.publicUrl}${signInPath}`, {
          return_to: `${authorizePath}?${query.toString()}`,
        });
      }
      try {
        const authorization = await issueCode(actor, input);
        return withParams(redirectUri, { code: authorization.code, state: authorization.state });
      } catch (error) {
        if (!isAppError(error)) {
          throw error;
        }
        return withParams(redirectUri, {
          error: error.reason,
          error_description: error.description ?? error.reason,
          ...(input.state === undefined ? {} : { state: input.state }),
        });
      }
    },

    /**
     * `grant_type=authorization_code`: tokens for a code, once. The code is spent by its first
     * presentation, right or wrong; presenting it again revokes what it gave (RFC 6749 §4.1.2),
     * and of two parallel exchanges neither keeps its tokens.
     */
    async exchangeCode(input: CodeExchangeInput, context: RequestContext): Promise<TokenGrant> {
      const client = deps.clients.getForGrant(input.clientId, 'authorization_code');
      authenticateClient(client, input.clientSecret);
      if (!input.code) {
        throw new AppError('invalid_request', { description: 'code is required' });
      }
      if (!input.redirectUri) {
        throw new AppError('invalid_request', { description: 'redirect_uri is required' });
      }
      if (client.type === 'public' && !input.codeVerifier) {
        throw new AppError('invalid_request', { description: 'code_verifier is required' });
      }
      const now = deps.now();
      const codeHash = hashToken(input.code);
      const row =
        input.code.length <= maxSecretLength ? await deps.grants.findCode(codeHash) : undefined;
      if (!row) {
        throw new AppError('invalid_grant', { description: 'The authorization code is not valid' });
      }
      if (row.consumed_at !== null) {
        await revokeSession(row.session_id, now);
        throw new AppError('invalid_grant', {
          description: 'The authorization code was already used',
        });
      }
      const problem = await codeProblem(row, client, input, now);
      if (problem !== undefined) {
        // A wrong presentation spends the code too, so a verifier cannot be guessed at leisure.
        await deps.grants.consumeCode(codeHash, now, null);
        throw new AppError('invalid_grant', { description: problem });
      }
      const grant = await deps.sessions.issue(row.user_id, client.id, context, row.scope);
      if (!(await deps.grants.consumeCode(codeHash, now, grant.sessionId))) {
        // Another exchange of the same code won the race: neither keeps its tokens.
        await revokeSession(grant.sessionId, now);
        await revokeSession((await deps.grants.findCode(codeHash))?.session_id ?? null, now);
        throw new AppError('invalid_grant', {
          description: 'The authorization code was already used',
        });
      }
      return grant;
    },

    /** `POST /v1/auth/device/code`: starts a device authorization (RFC 8628 §3.1). */
    async startDeviceAuthorization(
      input: { clientId: string; clientSecret: string | undefined; scope: string | undefined },
      context: RequestContext,
    ): Promise<DeviceAuthorization> {
      await limit(`device-code:address:${context.address}`, deviceStartLimit);
      const client = deps.clients.getForGrant(input.clientId, deviceCodeGrantType);
      authenticateClient(client, input.clientSecret);
      const scope = grantedScope(client, input.scope);
      const now = deps.now();
      await deps.grants.deleteExpired(now);
      const deviceCode = newSecretToken();
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const userCode = newUserCode();
        const inserted = await deps.grants.insertDeviceGrant({
          id: newId(),
          device_code_hash: hashToken(deviceCode),
          user_code: userCode,
          client_id: client.id,
          scope,
          status: 'pending',
          user_id: null,
          interval_seconds: settings.deviceIntervalSeconds,
          last_polled_at: null,
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + settings.deviceCodeTtlSeconds * 1000).toISOString(),
          decided_at: null,
          session_id: null,
        });
        if (inserted) {
          const verificationUri = `${settings.publicUrl}${deviceVerificationPath}`;
          return {
            deviceCode,
            userCode: formatUserCode(userCode),
            verificationUri,
            verificationUriComplete: withParams(verificationUri, {
              user_code: formatUserCode(userCode),
            }),
            expiresIn: settings.deviceCodeTtlSeconds,
            interval: settings.deviceIntervalSeconds,
          };
        }
      }
      throw new AppError('unavailable', { description: 'No free user code; try again' });
    },

    /**
     * The device code grant: the TV polls until the member decides. A poll earlier than the
     * interval answers `slow_down` and lengthens the interval by five seconds (RFC 8628 §3.5).
     */
    async pollDeviceAuthorization(
      input: DevicePollInput,
      context: RequestContext,
    ): Promise<TokenGrant> {
      const client = deps.clients.getForGrant(input.clientId, deviceCodeGrantType);
      authenticateClient(client, input.clientSecret);
      if (!input.deviceCode) {
        throw new AppError('invalid_request', { description: 'device_code is required' });
      }
      const now = deps.now();
      const row =
        input.deviceCode.length <= maxSecretLength
          ? await deps.grants.findDeviceGrantByDeviceCode(hashToken(input.deviceCode))
          : undefined;
      if (!row || row.client_id !== client.id) {
        throw new AppError('invalid_grant', { description: 'The device code is not valid' });
      }
      if (row.status === 'consumed') {
        await revokeSession(row.session_id, now);
        throw new AppError('invalid_grant', { description: 'The device code was already used' });
      }
      if (row.expires_at <= now.toISOString()) {
        throw new AppError('expired_token');
      }
      if (row.status === 'denied') {
        throw new AppError('access_denied', { description: 'The member denied the sign-in' });
      }
      const intervalMs = row.interval_seconds * 1000;
      if (
        row.last_polled_at !== null &&
        now.getTime() - Date.parse(row.last_polled_at) < intervalMs - pollJitterMs
      ) {
        const interval = row.interval_seconds + slowDownStepSeconds;
        await deps.grants.recordPoll(row.id, now, interval);
        throw new AppError('slow_down', { metadata: { interval: String(interval) } });
      }
      await deps.grants.recordPoll(row.id, now, row.interval_seconds);
      if (row.status === 'pending') {
        throw new AppError('authorization_pending');
      }
      if (!(await deps.grants.consumeDeviceGrant(row.id, now))) {
        throw new AppError('invalid_grant', { description: 'The device code was already used' });
      }
      const userId = await assertActiveMember(row.user_id);
      const grant = await deps.sessions.issue(userId, client.id, context, row.scope);
      await deps.grants.setDeviceGrantSession(row.id, grant.sessionId);
      return grant;
    },

    /** What the activation page shows for a user code the member typed. */
    async describeUserCode(
      actor: Actor,
      typed: string,
      context: RequestContext,
    ): Promise<PendingDevice> {
      const row = await pendingByUserCode(actor, typed, context);
      const client = deps.clients.get(row.client_id);
      return {
        userCode: formatUserCode(row.user_code),
        clientId: client.id,
        clientName: client.name,
        scope: row.scope,
        expiresAt: row.expires_at,
        expiresIn: Math.max(
          0,
          Math.floor((Date.parse(row.expires_at) - deps.now().getTime()) / 1000),
        ),
      };
    },

    /** The member approves or denies the TV waiting with a user code. */
    async decideUserCode(
      actor: Actor,
      typed: string,
      approve: boolean,
      context: RequestContext,
    ): Promise<{ userCode: string; status: 'approved' | 'denied' }> {
      const row = await pendingByUserCode(actor, typed, context);
      const status = approve ? 'approved' : 'denied';
      if (
        !(await deps.grants.decideDeviceGrant(row.id, { status, userId: actor.userId }, deps.now()))
      ) {
        throw new AppError('invalid_verification_code', {
          description: 'No TV is waiting for this code',
        });
      }
      return { userCode: formatUserCode(row.user_code), status };
    },

    /** The discovery document (RFC 8414, OpenID Connect Discovery 1.0) of the flows above. */
    discovery() {
      const base = settings.publicUrl;
      const hasConfidential = deps.clients.all().some((client) => client.type === 'confidential');
      return {
        issuer: base,
        authorization_endpoint: `${base}${authorizePath}`,
        token_endpoint: `${base}/v1/auth/token`,
        device_authorization_endpoint: `${base}/v1/auth/device/code`,
        revocation_endpoint: `${base}/v1/auth/revoke`,
        userinfo_endpoint: `${base}/v1/user/me`,
        grant_types_supported: ['authorization_code', 'refresh_token', deviceCodeGrantType],
        response_types_supported: ['code'],
        response_modes_supported: ['query'],
        code_challenge_methods_supported: ['S256'],
        scopes_supported: [...oauthScopes],
        token_endpoint_auth_methods_supported: hasConfidential
          ? ['none', 'client_secret_post']
          : ['none'],
        revocation_endpoint_auth_methods_supported: ['none'],
        ui_locales_supported: [...locales],
      };
    },
  };
}

export type OAuthService = ReturnType<typeof createOAuthService>;
