import { AppError } from '../../http/app-error';

/*
 * The `If` header of RFC 4918 §10.4: lists of conditions (a lock's state token, or an entity
 * tag in brackets, each maybe negated with `Not`), untagged (on the request's own resource) or
 * tagged with the resource they are about. The header holds when any list holds.
 */

/** One condition of a list. */
export interface IfCondition {
  not: boolean;
  token?: string;
  etag?: string;
}

/** A list of conditions, about the request's resource or the tagged one. */
export interface IfList {
  /** The tagged resource's URL; undefined for the request's own resource. */
  resource: string | undefined;
  conditions: IfCondition[];
}

function malformed(): AppError {
  return new AppError('invalid_argument', { description: 'The If header is malformed' });
}

/** Reads an `If` header into its lists; a malformed header is `invalid_argument` (400). */
export function parseIfHeader(header: string): IfList[] {
  const lists: IfList[] = [];
  let resource: string | undefined;
  let at = 0;
  const skipSpace = () => {
    while (at < header.length && /\s/.test(header[at] ?? '')) {
      at += 1;
    }
  };
  const until = (close: string): string => {
    const end = header.indexOf(close, at);
    if (end === -1) {
      throw malformed();
    }
    const value = header.slice(at, end);
    at = end + 1;
    return value;
  };
  skipSpace();
  while (at < header.length) {
    const character = header[at];
    if (character === '<') {
      at += 1;
      resource = until('>');
    } else if (character === '(') {
      at += 1;
      const conditions: IfCondition[] = [];
      skipSpace();
      while (header[at] !== ')') {
        if (at >= header.length) {
          throw malformed();
        }
        let not = false;
        if (header.slice(at, at + 3).toLowerCase() === 'not') {
          not = true;
          at += 3;
          skipSpace();
        }
        if (header[at] === '<') {
          at += 1;
          conditions.push({ not, token: until('>') });
        } else if (header[at] === '[') {
          at += 1;
          conditions.push({ not, etag: until(']').trim() });
        } else {
          throw malformed();
        }
        skipSpace();
      }
      at += 1;
      if (conditions.length === 0) {
        throw malformed();
      }
      lists.push({ resource, conditions });
    } else {
      throw malformed();
    }
    skipSpace();
  }
  if (lists.length === 0) {
    throw malformed();
  }
  return lists;
}

/** Every state token an `If` header names: the lock tokens it submits. */
export function submittedTokens(lists: readonly IfList[]): Set<string> {
  const tokens = new Set<string>();
  for (const list of lists) {
    for (const condition of list.conditions) {
      if (condition.token !== undefined) {
        tokens.add(condition.token);
      }
    }
  }
  return tokens;
}

/** What a list is checked against: its resource's entity tag and the lock tokens that cover it. */
export interface IfState {
  etag: string | undefined;
  tokens: ReadonlySet<string>;
}

/** Whether the header holds, given the state of each list's resource. */
export async function ifHolds(
  lists: readonly IfList[],
  stateOf: (resource: string | undefined) => Promise<IfState>,
): Promise<boolean> {
  for (const list of lists) {
    const state = await stateOf(list.resource);
    const holds = list.conditions.every((condition) => {
      const met =
        condition.token !== undefined
          ? state.tokens.has(condition.token)
          : state.etag !== undefined && condition.etag === state.etag;
      return condition.not ? !met : met;
    });
    if (holds) {
      return true;
    }
  }
  return false;
}
