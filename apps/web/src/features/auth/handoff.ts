/*
 * The pure parts of the login hand-off (docs/product.md #screens-and-routes, #states and #calls): reading the stored hand-off,
 * deciding between a supplied code and the desktop loopback flow, and the loopback address.
 * A `code_verifier` in the query is never read: a verifier from a link is the attacker's.
 */

/** The hand-off parameters as the `oauth_info` cookie carries them. */
export interface Handoff {
  code?: string;
  state: string;
  scope?: string;
  bridge_auth?: string;
  from_source?: string;
  port?: string;
}

/** What to do with a hand-off: exchange its code, or ask the desktop app for one first. */
export type HandoffPlan =
  { kind: 'code'; code: string; state: string } | { kind: 'loopback'; port: number; state: string };

/** The `from_source` values that name the desktop app. */
const desktopSources = new Set(['desktop', 'windows', 'mac', 'pc']);

/** Lowest and highest port the desktop app may listen on. */
export const loopbackPortRange = { min: 1024, max: 65535 } as const;

/** The path of the desktop app's loopback endpoint (docs/product.md#calls). */
export const loopbackPath = '/windows/client-auth-code';

/** The header of the desktop app's answer that carries the code. */
export const authCodeHeader = 'X-Auth-Code';

/** Time-out of the request to the desktop app: 5 s (docs/product.md#limits). */
export const loopbackTimeoutMs = 5000;

/** Longest value accepted for any hand-off parameter. */
const maxValueLength = 2048;

const stringKeys = ['code', 'state', 'scope', 'bridge_auth', 'from_source', 'port'] as const;

/** The hand-off of a cookie value, or undefined when it is missing or malformed. */
export function parseHandoff(raw: string | undefined): Handoff | undefined {
  if (!raw) {
    return undefined;
  }
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) {
    return undefined;
  }
  const record = value as Record<string, unknown>;
  const handoff: Partial<Handoff> = {};
  for (const key of stringKeys) {
    const item = record[key];
    if (typeof item === 'string' && item.length > 0 && item.length <= maxValueLength) {
      handoff[key] = item;
    }
  }
  return handoff.state ? { ...handoff, state: handoff.state } : undefined;
}

/**
 * The loopback port of a hex value (`1f90` -> 8080), or undefined unless it is plain hex naming
 * a port from 1024 to 65535.
 */
export function decodeLoopbackPort(hex: string | undefined): number | undefined {
  if (!hex || !/^(0x)?[0-9a-fA-F]{1,4}$/.test(hex)) {
    return undefined;
  }
  const port = Number.parseInt(hex.replace(/^0x/, ''), 16);
  return port >= loopbackPortRange.min && port <= loopbackPortRange.max ? port : undefined;
}

/** Whether the hand-off comes from the desktop app (`from_source`) or the bridge. */
export function isDesktopHandoff(handoff: Handoff): boolean {
  return (
    Boolean(handoff.bridge_auth) || desktopSources.has((handoff.from_source ?? '').toLowerCase())
  );
}

/**
 * The plan of a hand-off: a supplied code is exchanged if its state names a flow this browser
 * began (see handoff-flows.ts); without one, a desktop hand-off with a valid port asks the app on
 * the loopback address; anything else is nothing to do (undefined).
 */
export function planHandoff(handoff: Handoff): HandoffPlan | undefined {
  if (handoff.code) {
    return { kind: 'code', code: handoff.code, state: handoff.state };
  }
  const port = decodeLoopbackPort(handoff.port);
  if (port !== undefined && isDesktopHandoff(handoff)) {
    return { kind: 'loopback', port, state: handoff.state };
  }
  return undefined;
}

/** The URL of the desktop app's loopback endpoint on `port`. */
export function loopbackUrl(port: number): string {
  return `http://127.0.0.1:${port}${loopbackPath}`;
}

/**
 * The hand-off query parameters the page removes from its URL once consumed; `code_verifier` is
 * never used but still removed, so a link's parameters never outlive the page that received them.
 */
export const handoffQueryKeys = [
  'code',
  'state',
  'scope',
  'bridge_auth',
  'from_source',
  'port',
  'code_verifier',
] as const;

/** `href` without the hand-off query parameters. */
export function withoutHandoffParams(href: string): string {
  const url = new URL(href);
  for (const key of handoffQueryKeys) {
    url.searchParams.delete(key);
  }
  return `${url.pathname}${url.search}${url.hash}`;
}
