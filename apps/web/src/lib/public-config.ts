import type { ApiOrigins, PublicConfig } from '../config';

/*
 * The browser learns the public configuration (API origins) from a JSON script element the
 * root layout writes; nothing about the deployment is compiled into the client bundle.
 */

/** The id of the `<script type="application/json">` element that carries the configuration. */
export const publicConfigElementId = 'nimbus-config';

/**
 * The id of the JSON script element with the captcha modal's texts in the page's language, which
 * the root layout writes into every page: a challenge can come with any call, on any page.
 */
export const captchaTextsElementId = 'nimbus-captcha-texts';

/** A value as JSON that is safe inside a `<script>` element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026');
}

/** The configuration as JSON that is safe inside a `<script>` element. */
export function serializePublicConfig(config: PublicConfig): string {
  return scriptJson(config);
}

/**
 * Reads and parses the JSON script element `id` the root layout wrote; undefined when there is
 * none or it does not parse.
 */
export function readScriptJson(id: string, doc: ConfigDocument = document): unknown {
  const text = doc.getElementById(id)?.textContent;
  if (!text) {
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The part of `document` the reader uses; tests pass a fake. */
export interface ConfigDocument {
  getElementById(id: string): { textContent: string | null } | null;
}

/** Reads the configuration the root layout wrote, or undefined when there is none. */
export function readPublicConfig(doc: ConfigDocument = document): PublicConfig | undefined {
  return readScriptJson(publicConfigElementId, doc) as PublicConfig | undefined;
}

/**
 * The URL of an API path on its group's first origin, or on the site's own origin (a relative
 * URL) when the group has none configured.
 */
export function apiUrl(
  origins: ApiOrigins | undefined,
  group: keyof ApiOrigins,
  path: string,
): string {
  const origin = origins?.[group][0] ?? '';
  return `${origin}${path}`;
}
