import type { z } from 'zod';
import { apiGroupOf, type ApiPathGroup } from '../api-paths';
import type { ConsoleRole } from '../console-roles';

/*
 * The API catalogue: every endpoint of docs/api.md defined once — method, path, path group, and
 * its params, query, body and answer as zod — and used three ways: the server registers its
 * routes from it (and the OpenAPI document follows), `@nimbus/client`'s `call` builds the request
 * and types the answer from it, and the web app's per-feature `*-api.ts` files call through it.
 */

export type EndpointMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/**
 * Who may call: `member` needs a signed-in member's credential (`unauthenticated` otherwise);
 * `visitor` is open to anyone (a member's credential may change the answer).
 */
export type EndpointAuth = 'member' | 'visitor';

/** What `defineEndpoint` takes. */
export interface EndpointDefinition {
  readonly method: EndpointMethod;
  /**
   * The path as the server's router spells it: `:name` is a path parameter (optionally followed
   * by a `(regex)`), `::` a literal colon (`/drive/v1/files::batchTrash`).
   */
  readonly path: string;
  /** One line for the API reference. */
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly auth: EndpointAuth;
  /**
   * Present on the operator console's calls (docs/api.md#operator-console): the roles besides
   * `admin` that may make the call (`[]`: admins only). The server refuses any other caller, and
   * a session without a two-factor sign-in in the last 12 hours, on every such call.
   */
  readonly roles?: readonly Exclude<ConsoleRole, 'admin'>[];
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  /** The JSON body; absent when the call sends none or sends bytes (tus, forms). */
  readonly body?: z.ZodType;
  /**
   * The text fields of a `multipart/form-data` body, whose files ride beside them; a caller
   * sends them as `form` (`{ fields, files }`).
   */
  readonly form?: z.ZodType;
  /** The JSON answer of a success; absent when the success has no JSON body (204, bytes, tus). */
  readonly answer?: z.ZodType;
}

/** A catalogue entry: the definition and the path group its path belongs to. */
export type Endpoint<D extends EndpointDefinition = EndpointDefinition> = D & {
  /** The path group of docs/api.md#conventions (null for a path of the site, e.g. `/healthz`). */
  readonly group: ApiPathGroup | null;
};

/** Defines a catalogue entry, keeping the literal method and path and the exact schemas. */
export function defineEndpoint<const D extends EndpointDefinition>(definition: D): Endpoint<D> {
  return { ...definition, group: apiGroupOf(definition.path) ?? null };
}

/** The answer a call resolves (after the server's serializer): `void` when it has no JSON body. */
export type AnswerOf<E extends EndpointDefinition> = E extends { answer: infer A extends z.ZodType }
  ? z.output<A>
  : void;

/** The answer a handler returns (before the serializer). */
export type HandlerAnswerOf<E extends EndpointDefinition> = E extends {
  answer: infer A extends z.ZodType;
}
  ? z.input<A>
  : unknown;

type Part<E, Name extends 'params' | 'query' | 'body'> = E extends {
  readonly [K in Name]: infer S extends z.ZodType;
}
  ? object extends z.input<S>
    ? { readonly [K in Name]?: z.input<S> }
    : { readonly [K in Name]: z.input<S> }
  : unknown;

/** A form's files by field name (a field may hold several). */
export type FormFiles = Readonly<Record<string, readonly (Blob & { readonly name?: string })[]>>;

/** A `multipart/form-data` body: the text fields as the entry's `form` schema takes them, the files. */
type FormPart<E> = E extends { readonly form: infer S extends z.ZodType }
  ? { readonly form: { readonly fields: z.input<S>; readonly files?: FormFiles } }
  : unknown;

/**
 * What a caller gives: `params`, `query` and `body` (or `form`), each required when the endpoint
 * needs it.
 */
export type CallInput<E extends EndpointDefinition> = Part<E, 'params'> &
  Part<E, 'query'> &
  Part<E, 'body'> &
  FormPart<E>;

/** Whether a call needs input at all (every part optional or absent). */
export type InputOptional<E extends EndpointDefinition> =
  object extends CallInput<E> ? true : false;

/** Decodes `:name`, `:name(regex)` and `::` of a catalogue path. */
const pathToken = /::|:([A-Za-z_][A-Za-z0-9_]*)(\([^)]*\))?/g;

/** The names of a catalogue path's parameters, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(pathToken)].flatMap((match) => (match[1] ? [match[1]] : []));
}

/**
 * The request path of a catalogue path with its parameters filled (each URI-encoded) and `::`
 * made a colon. Throws a TypeError when a parameter is missing, empty, or not a string or number.
 */
export function fillPath(path: string, params: Readonly<Record<string, unknown>> = {}): string {
  return path.replace(pathToken, (token, name: string | undefined) => {
    if (name === undefined) {
      return ':';
    }
    const value = params[name];
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new TypeError(`The path ${path} needs the parameter ${name}`);
    }
    if (value === '') {
      throw new TypeError(`The path ${path} needs the parameter ${name}`);
    }
    return encodeURIComponent(value);
  });
}
