import { AppError } from '../../http/app-error';
import {
  deviceCodeGrantType,
  loopbackHosts,
  oauthScopes,
  type OAuthClientOverride,
  type OAuthGrantType,
  type OAuthScope,
} from '../../lib/oauth-client-schema';

export {
  deviceCodeGrantType,
  oauthClientSchema,
  oauthClientsSchema,
  oauthGrantTypes,
  oauthScopes,
  type OAuthClientOverride,
  type OAuthGrantType,
  type OAuthScope,
} from '../../lib/oauth-client-schema';

/** A registered client as the OAuth flows see it. */
export interface OAuthClient {
  id: string;
  name: string;
  type: 'public' | 'confidential';
  secret: string | undefined;
  redirectUris: readonly string[];
  grantTypes: readonly OAuthGrantType[];
  scopes: readonly OAuthScope[];
}

/**
 * The built-in registrations of the default client ids. The site and the browser extension land
 * on the site's `/auth-success`; the desktop app on a loopback address with any port; the mobile
 * apps on their own scheme; the TV uses the device grant.
 */
export function defaultOAuthClients(
  publicUrl: string,
): Record<string, Omit<OAuthClient, 'id' | 'secret'>> {
  const everyScope = [...oauthScopes];
  return {
    web: {
      name: 'Nimbus',
      type: 'public',
      redirectUris: [`${publicUrl}/auth-success`],
      grantTypes: ['authorization_code', 'refresh_token'],
      scopes: everyScope,
    },
    tv: {
      name: 'Nimbus for TV',
      type: 'public',
      redirectUris: [],
      grantTypes: [deviceCodeGrantType, 'refresh_token'],
      scopes: everyScope,
    },
    desktop: {
      name: 'Nimbus for desktop',
      type: 'public',
      redirectUris: ['http://127.0.0.1/oauth/callback', 'http://[::1]/oauth/callback'],
      grantTypes: ['authorization_code', 'refresh_token'],
      scopes: everyScope,
    },
    extension: {
      name: 'Nimbus browser extension',
      type: 'public',
      redirectUris: [`${publicUrl}/auth-success`],
      grantTypes: ['authorization_code', 'refresh_token'],
      scopes: everyScope,
    },
    android: {
      name: 'Nimbus for Android',
      type: 'public',
      redirectUris: ['com.nimbus.app:/oauth/callback'],
      grantTypes: ['authorization_code', 'refresh_token'],
      scopes: everyScope,
    },
    ios: {
      name: 'Nimbus for iOS',
      type: 'public',
      redirectUris: ['com.nimbus.app:/oauth/callback'],
      grantTypes: ['authorization_code', 'refresh_token'],
      scopes: everyScope,
    },
  };
}

/**
 * Whether a redirect URI of a request matches a registered one. Matching is exact string
 * equality, with one exception from RFC 8252 §7.3: a registered loopback URI without a port
 * (`http://127.0.0.1/oauth/callback`) matches the same URI with any port, because the desktop
 * app listens on whatever port the system gives it.
 */
export function matchesRedirectUri(registered: readonly string[], requested: string): boolean {
  if (registered.includes(requested)) {
    return true;
  }
  if (!requested.startsWith('http://') || !URL.canParse(requested)) {
    return false;
  }
  const url = new URL(requested);
  if (
    !loopbackHosts.has(url.hostname) ||
    url.port === '' ||
    url.username !== '' ||
    url.password !== ''
  ) {
    return false;
  }
  const withPort = `http://${url.hostname}:${url.port}${url.pathname}${url.search}`;
  // Only a URI already in its plain form may match, so no parser normalisation can be abused.
  if (withPort !== requested) {
    return false;
  }
  return registered.includes(`http://${url.hostname}${url.pathname}${url.search}`);
}

export interface OAuthClientRegistryOptions {
  /** `AUTH_CLIENTS`: the ids that exist at all. */
  clientIds: readonly string[];
  /** `OAUTH_CLIENTS`: registrations that replace parts of the defaults or add clients. */
  overrides: Record<string, OAuthClientOverride>;
  publicUrl: string;
}

/** The registered clients with their OAuth registrations, from configuration. */
export function createOAuthClientRegistry(options: OAuthClientRegistryOptions) {
  const defaults = defaultOAuthClients(options.publicUrl);
  const clients = new Map<string, OAuthClient>();
  for (const id of options.clientIds) {
    const base = defaults[id];
    const override = options.overrides[id];
    clients.set(id, {
      id,
      name: override?.name ?? base?.name ?? id,
      type: override?.type ?? base?.type ?? 'public',
      secret: override?.secret,
      redirectUris: override?.redirect_uris ?? base?.redirectUris ?? [],
      // A client with no registration may only refresh what password sign-in gave it.
      grantTypes: override?.grant_types ?? base?.grantTypes ?? ['refresh_token'],
      scopes: override?.scopes ?? base?.scopes ?? [...oauthScopes],
    });
  }

  return {
    /** Every registered client, in configuration order. */
    all(): OAuthClient[] {
      return [...clients.values()];
    },

    /** The client of an id, if registered. */
    find(clientId: string): OAuthClient | undefined {
      return clients.get(clientId);
    },

    /** The client of an id; `unauthorized_client` when the id is not registered. */
    get(clientId: string): OAuthClient {
      const client = clients.get(clientId);
      if (!client) {
        throw new AppError('unauthorized_client', {
          description: 'This client_id is not registered',
        });
      }
      return client;
    },

    /** The client of an id, when it may use a grant; `unauthorized_client` otherwise. */
    getForGrant(clientId: string, grantType: OAuthGrantType): OAuthClient {
      const client = this.get(clientId);
      if (!client.grantTypes.includes(grantType)) {
        throw new AppError('unauthorized_client', {
          description: `This client may not use the ${grantType} grant`,
        });
      }
      return client;
    },
  };
}

export type OAuthClientRegistry = ReturnType<typeof createOAuthClientRegistry>;
