import type { SessionSummary } from './account-security.service';
import type { TokenGrant } from './session.service';
import type { ActorMember } from '../auth/authenticator';
import type { UserRow } from './user.repository';

/** Hides most of an address: `alice@example.com` -> `a***e@example.com`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) {
    return '';
  }
  const local = [...email.slice(0, at)];
  const domain = email.slice(at);
  const first = local[0] ?? '';
  const last = local.length > 2 ? local[local.length - 1] : '';
  return `${first}***${last}${domain}`;
}

/** Hides most of a phone number: `+8613812345678` -> `+86*********78`. */
export function maskPhone(phone: string): string {
  if (phone === '') {
    return '';
  }
  if (phone.length <= 5) {
    return '*'.repeat(phone.length);
  }
  return `${phone.slice(0, 3)}${'*'.repeat(phone.length - 5)}${phone.slice(-2)}`;
}

/** What the profile answer shows of a member's row (never the password hash itself). */
export function memberOf(user: UserRow): ActorMember {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone_number: user.phone_number,
    picture: user.picture,
    status: user.status,
    created_at: user.created_at,
    has_password: user.password_hash !== null,
  };
}

/** The profile of docs/api.md#user-service, as the member sees it. */
export function toProfile(user: ActorMember) {
  return {
    sub: user.id,
    name: user.name,
    email: maskEmail(user.email),
    phone_number: maskPhone(user.phone_number),
    picture: user.picture,
    password: user.has_password ? ('SET' as const) : ('' as const),
    status: user.status,
    created_at: user.created_at,
  };
}

/** The Token of docs/api.md#user-service. */
export function toToken(grant: TokenGrant) {
  return {
    token_type: 'Bearer' as const,
    access_token: grant.accessToken,
    refresh_token: grant.refreshToken,
    expires_in: grant.expiresIn,
    sub: grant.userId,
    scope: grant.scope,
  };
}

/** Keeps the network of an address and drops the host part: `203.0.113.7` -> `203.0.113.*`. */
export function maskAddress(address: string): string {
  if (address.includes(':')) {
    const groups = address.split(':').filter((group) => group !== '');
    return `${groups.slice(0, 3).join(':')}:*`;
  }
  const octets = address.split('.');
  return octets.length === 4 ? `${octets.slice(0, 3).join('.')}.*` : '';
}

/** A session of the member's device list. */
export function toSessionSummary({ session, current }: SessionSummary) {
  return {
    id: session.id,
    client_id: session.client_id,
    device_id: session.device_id,
    user_agent: session.user_agent,
    ip: maskAddress(session.ip),
    created_time: session.created_at,
    last_used_time: session.last_used_at,
    expires_time: session.expires_at,
    current,
  };
}
