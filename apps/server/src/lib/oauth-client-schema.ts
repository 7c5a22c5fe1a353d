import { z } from 'zod';

/*
 * The shape of an OAuth client registration, as the configuration (`OAUTH_CLIENTS`) and the
 * OAuth module both read it: the config schema takes it from here, not from the module.
 */

/** The grant type of the device authorization grant (RFC 8628 §3.4). */
export const deviceCodeGrantType = 'urn:ietf:params:oauth:grant-type:device_code';

/** The grants a registered client may use at `/v1/auth/token` (and `/v1/auth/device/code`). */
export const oauthGrantTypes = [
  'authorization_code',
  'refresh_token',
  deviceCodeGrantType,
] as const;
export type OAuthGrantType = (typeof oauthGrantTypes)[number];

/** Scopes of Nimbus: the member's account, the drive (`pan`), and staying signed in. */
export const oauthScopes = ['user', 'pan', 'offline'] as const;
export type OAuthScope = (typeof oauthScopes)[number];

/** The loopback addresses a client may redirect to over plain `http`. */
export const loopbackHosts = new Set(['127.0.0.1', '[::1]']);

/**
 * A redirect URI a client may register: absolute, no fragment; `https`, `http` only on a
 * loopback address (RFC 8252 §7.3), or a private-use scheme with a dot in it (RFC 8252 §7.1,
 * `com.example.app:/callback`) or the app's own scheme.
 */
function isRegistrableRedirectUri(value: string): boolean {
  if (!URL.canParse(value) || value.includes('#')) {
    return false;
  }
  const url = new URL(value);
  if (url.username !== '' || url.password !== '') {
    return false;
  }
  if (url.protocol === 'https:') {
    return true;
  }
  if (url.protocol === 'http:') {
    return loopbackHosts.has(url.hostname);
  }
  return (
    /^[a-z][a-z0-9+.-]*:$/.test(url.protocol) &&
    url.protocol !== 'javascript:' &&
    url.protocol !== 'data:'
  );
}

/** One client registration of `OAUTH_CLIENTS`. */
export const oauthClientSchema = z
  .object({
    /** Shown to the member on the TV activation page. */
    name: z.string().min(1).max(64).optional(),
    /** Public clients (apps, the site) hold no secret and must use PKCE S256. */
    type: z.enum(['public', 'confidential']).default('public'),
    /**
     * For confidential clients: sent as `client_secret` in the token request. 32 characters or
     * more are advised; a shorter one (an existing client's) is taken with a warning at boot.
     */
    secret: z.string().min(1).max(256).optional(),
    redirect_uris: z
      .array(
        z
          .string()
          .max(2048)
          .refine(
            isRegistrableRedirectUri,
            'must be https, loopback http or an app scheme, without fragment',
          ),
      )
      .max(20)
      .optional(),
    grant_types: z.array(z.enum(oauthGrantTypes)).max(3).optional(),
    scopes: z.array(z.enum(oauthScopes)).min(1).max(3).optional(),
  })
  .strict()
  .refine((client) => client.type === 'public' || client.secret !== undefined, {
    message: 'a confidential client needs a secret',
  });

export type OAuthClientOverride = z.infer<typeof oauthClientSchema>;

/** `OAUTH_CLIENTS`: a JSON object from client id to registration, merged over the defaults. */
export const oauthClientsSchema = z
  .string()
  .default('{}')
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'must be a JSON object' });
      return z.NEVER;
    }
  })
  .pipe(z.record(z.string().regex(/^[A-Za-z0-9._-]{1,64}$/), oauthClientSchema));

/** The length from which a client secret is taken without a warning. */
export const advisedSecretLength = 32;
