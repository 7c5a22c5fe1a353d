import {
  fillPath,
  type AnswerOf,
  type CallInput,
  type Endpoint,
  type InputOptional,
} from '@nimbus/contracts';
import type { CallOptions, HttpMethod, RequestBody, RequestOptions } from './api-client';
import type { QueryParams } from './request-url';

/** A catalogue entry a client can call (tus's `OPTIONS` is the upload library's). */
export type CallableEndpoint = Endpoint & { readonly method: HttpMethod };

/** The arguments after the endpoint: its input (optional when it needs none) and call options. */
export type CallArgs<E extends CallableEndpoint> =
  InputOptional<E> extends true
    ? [input?: CallInput<E>, options?: CallOptions]
    : [input: CallInput<E>, options?: CallOptions];

/**
 * Calls a catalogue entry through a client's `request` (so its retries, captcha renewal and
 * error parsing apply): fills the path's parameters, sends the query and the JSON body, and
 * resolves the answer typed from the entry's answer schema.
 */
export function callEndpoint<E extends CallableEndpoint>(
  client: { request<T>(options: RequestOptions): Promise<T> },
  endpoint: E,
  ...[input, options = {}]: CallArgs<E>
): Promise<AnswerOf<E>> {
  const given = (input ?? {}) as {
    params?: Readonly<Record<string, unknown>>;
    query?: QueryParams;
    body?: RequestBody;
  };
  return client.request<AnswerOf<E>>({
    ...options,
    method: endpoint.method,
    path: fillPath(endpoint.path, given.params),
    ...(given.query === undefined ? {} : { query: { ...options.query, ...given.query } }),
    ...(given.body === undefined ? {} : { body: given.body }),
  });
}
