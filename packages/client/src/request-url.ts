/** A query parameter value; arrays repeat the name, objects are sent as JSON (`filters`). */
export type QueryValue =
  | string
  | number
  | boolean
  | bigint
  | null
  | undefined
  | readonly (string | number | boolean | bigint)[]
  | Readonly<Record<string, unknown>>;

export type QueryParams = Readonly<Record<string, QueryValue>>;

/**
 * The query string of `params` without the leading `?`: undefined and null values are left out,
 * arrays repeat the name (`task_ids=a&task_ids=b`) and objects are sent as JSON.
 */
export function serializeQuery(params: QueryParams | undefined): string {
  if (!params) {
    return '';
  }
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null) {
      continue;
    }
    if (Array.isArray(value)) {
      for (const item of value as readonly (string | number | boolean | bigint)[]) {
        search.append(name, String(item));
      }
      continue;
    }
    if (typeof value === 'object') {
      search.append(name, JSON.stringify(value));
      continue;
    }
    search.append(name, String(value));
  }
  return search.toString();
}

/**
 * The URL of a call: `origin` (no trailing slash needed; `''` means the page's own origin, so
 * the URL stays relative) + `path` + the query, merged with any query `path` already has.
 */
export function buildRequestUrl(origin: string, path: string, query?: QueryParams): string {
  const base = origin.replace(/\/+$/, '');
  const extra = serializeQuery(query);
  if (extra === '') {
    return `${base}${path}`;
  }
  return `${base}${path}${path.includes('?') ? '&' : '?'}${extra}`;
}
