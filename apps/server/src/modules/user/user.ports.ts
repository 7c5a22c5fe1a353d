import type { RequestContext } from './request-context';
import type { TokenGrant } from './session.service';

/*
 * What the token endpoint (`POST /v1/auth/token`, a user route) asks of the OAuth module, owned
 * here where it is used: the OAuth module answers it and the container wires it, so the user
 * module never imports OAuth, which is built on it.
 */

/** A token request with `grant_type=authorization_code` (RFC 6749 §4.1.3). */
export interface CodeExchangeInput {
  clientId: string;
  clientSecret: string | undefined;
  code: string | undefined;
  redirectUri: string | undefined;
  codeVerifier: string | undefined;
}

/** A token request with the device code grant type (RFC 8628 §3.4). */
export interface DevicePollInput {
  clientId: string;
  clientSecret: string | undefined;
  deviceCode: string | undefined;
}

/** The OAuth grants the token endpoint exchanges, and the client check of a refresh. */
export interface OAuthGrants {
  exchangeCode(input: CodeExchangeInput, context: RequestContext): Promise<TokenGrant>;
  pollDeviceAuthorization(input: DevicePollInput, context: RequestContext): Promise<TokenGrant>;
  /** Throws `unauthorized_client` when a registered confidential client's secret is wrong. */
  authenticateClient(clientId: string, secret: string | undefined): void;
}
