import { z } from 'zod';
import { defineEndpoint } from './endpoint';

// Every OAuth parameter is an optional string here: the service answers a missing or wrong one
// with the OAuth error it calls for, rather than a generic invalid_argument.
const parameter = (max: number, what: string) => z.string().max(max).optional().describe(what);

const authorizeParameters = {
  client_id: parameter(64, 'A registered client'),
  response_type: parameter(32, 'Must be code'),
  redirect_uri: parameter(
    2048,
    "Exactly one of the client's registered redirect URIs (a loopback one with any port)",
  ),
  scope: parameter(
    256,
    'Space-separated subset of "user pan offline"; all of the client\'s scopes when absent',
  ),
  state: parameter(1024, 'Returned unchanged with the code'),
  code_challenge: parameter(128, 'BASE64URL(SHA256(code_verifier)); required for public clients'),
  code_challenge_method: parameter(16, 'Must be S256'),
};

export const authorizeRequestSchema = z
  .object(authorizeParameters)
  .meta({ id: 'AuthorizeRequest' });

// Query strings stay inline in the OpenAPI document (no component id): parameters cannot be refs.
export const authorizeQuerySchema = z.object(authorizeParameters);

export const authorizationSchema = z
  .object({
    code: z.string().describe('Single use, valid for OAUTH_CODE_TTL_SECONDS'),
    state: z.string(),
  })
  .meta({ id: 'Authorization' });

export const deviceCodeRequestSchema = z
  .object({
    client_id: z
      .string()
      .min(1)
      .max(64)
      .describe('A client registered for the device code grant (tv)'),
    scope: parameter(256, 'Space-separated subset of "user pan offline"'),
    client_secret: parameter(256, 'Confidential clients only'),
  })
  .meta({ id: 'DeviceCodeRequest' });

export const deviceAuthorizationSchema = z
  .object({
    device_code: z.string().describe('The TV polls /v1/auth/token with it'),
    user_code: z.string().describe('Shown on the TV as XXXX-XXXX'),
    verification_uri: z.string().describe('The page where the member enters user_code'),
    verification_uri_complete: z
      .string()
      .describe('verification_uri with the user_code filled in (for a QR code)'),
    expires_in: z.number().int(),
    interval: z.number().int().describe('Seconds to wait between polls'),
  })
  .meta({ id: 'DeviceAuthorization' });

export const userCodeQuerySchema = z.object({
  user_code: z.string().min(1).max(32).describe('As typed: case, spaces and dashes do not matter'),
});

export const pendingDeviceSchema = z
  .object({
    user_code: z.string(),
    client_id: z.string(),
    client_name: z.string(),
    scope: z.string(),
    expires_at: z.string(),
    expires_in: z.number().int(),
  })
  .meta({ id: 'PendingDevice' });

export const deviceDecisionRequestSchema = z
  .object({
    user_code: z.string().min(1).max(32),
    approve: z.boolean().describe('true signs the TV in; false refuses it'),
  })
  .meta({ id: 'DeviceDecisionRequest' });

export const deviceDecisionSchema = z
  .object({ user_code: z.string(), status: z.enum(['approved', 'denied']) })
  .meta({ id: 'DeviceDecision' });

export const discoverySchema = z
  .object({
    issuer: z.string(),
    authorization_endpoint: z.string(),
    token_endpoint: z.string(),
    device_authorization_endpoint: z.string(),
    revocation_endpoint: z.string(),
    userinfo_endpoint: z.string(),
    grant_types_supported: z.array(z.string()),
    response_types_supported: z.array(z.string()),
    response_modes_supported: z.array(z.string()),
    code_challenge_methods_supported: z.array(z.string()),
    scopes_supported: z.array(z.string()),
    token_endpoint_auth_methods_supported: z.array(z.string()),
    revocation_endpoint_auth_methods_supported: z.array(z.string()),
    ui_locales_supported: z.array(z.string()),
  })
  .meta({ id: 'OpenIdConfiguration' });
export type PendingDevice = z.infer<typeof pendingDeviceSchema>;
export type DeviceDecision = z.infer<typeof deviceDecisionSchema>;

const tags = ['oauth'] as const;

/**
 * The OAuth endpoints of docs/api.md#user-service besides the token endpoint: the authorization
 * endpoint, device authorization, the member's device decision, discovery.
 */
export const oauthApi = {
  openIdConfiguration: defineEndpoint({
    method: 'GET',
    path: '/.well-known/openid-configuration',
    summary: 'Discovery document of the OAuth endpoints (issuer = PUBLIC_URL)',
    tags,
    auth: 'visitor',
    answer: discoverySchema,
  }),
  authorizationServer: defineEndpoint({
    method: 'GET',
    path: '/.well-known/oauth-authorization-server',
    summary: 'OAuth authorization server metadata (RFC 8414): the same document',
    tags,
    auth: 'visitor',
    answer: discoverySchema,
  }),
  authorize: defineEndpoint({
    method: 'POST',
    path: '/v1/user/authorize',
    summary:
      'Issue an authorization code (PKCE S256) to a registered client for the signed-in member',
    tags,
    auth: 'member',
    body: authorizeRequestSchema,
    answer: authorizationSchema,
  }),
  /**
   * A redirect: no JSON answer. Open to visitors (they are sent to the sign-in page), so its
   * member credentials are optional.
   */
  authorizeRedirect: defineEndpoint({
    method: 'GET',
    path: '/v1/user/authorize',
    summary:
      'Browser form of the authorization endpoint: 302 to redirect_uri with code and state (or error), ' +
      'or to the sign-in page /auth?return_to=... when not signed in',
    tags,
    auth: 'visitor',
    query: authorizeQuerySchema,
  }),
  deviceCode: defineEndpoint({
    method: 'POST',
    path: '/v1/auth/device/code',
    summary:
      'Start a device authorization (RFC 8628): a TV shows user_code and polls with device_code',
    tags,
    auth: 'visitor',
    body: deviceCodeRequestSchema,
    answer: deviceAuthorizationSchema,
  }),
  pendingDevice: defineEndpoint({
    method: 'GET',
    path: '/v1/user/device',
    summary: 'Look up the TV waiting for a user code (the activation page)',
    tags,
    auth: 'member',
    query: userCodeQuerySchema,
    answer: pendingDeviceSchema,
  }),
  decideDevice: defineEndpoint({
    method: 'POST',
    path: '/v1/user/device',
    summary: 'Approve or deny the TV waiting for a user code',
    tags,
    auth: 'member',
    body: deviceDecisionRequestSchema,
    answer: deviceDecisionSchema,
  }),
} as const;
