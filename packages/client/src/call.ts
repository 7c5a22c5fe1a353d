import {
  fillPath,
  type AnswerOf,
  type ApiRoute,
  type CallInput,
  type Endpoint,
  type EndpointOfRoute,
  type FormFiles,
  type InputOptional,
} from '@nimbus/contracts';
import type { CallOptions, HttpMethod, RequestBody, RequestOptions } from './api-client';
import type { QueryParams } from './request-url';

/** A catalogue path with its parameters filled in, as a call sends it (`::` is a literal colon). */
export { fillPath };

/** A catalogue entry a client can call (tus's `OPTIONS` is the upload library's). */
export type CallableEndpoint = Endpoint & { readonly method: HttpMethod };

/**
 * What `call` takes: a catalogue entry, or its route from the route table
 * (`@nimbus/contracts/routes`), which types the call the same way without shipping the entry's
 * schemas to the browser.
 */
export type CallTarget = CallableEndpoint | ApiRoute<CallableEndpoint>;

/** The answer a call to a target resolves. */
export type CallAnswer<T extends CallTarget> = AnswerOf<EndpointOfRoute<T>>;

/** The arguments after the target: its input (optional when it needs none) and call options. */
export type CallArgs<T extends CallTarget> =
  InputOptional<EndpointOfRoute<T>> extends true
    ? [input?: CallInput<EndpointOfRoute<T>>, options?: CallOptions]
    : [input: CallInput<EndpointOfRoute<T>>, options?: CallOptions];

/** A `multipart/form-data` body: the text fields first (absent ones left out), then the files. */
export function formDataOf(form: {
  readonly fields: Readonly<Record<string, string | number | boolean | null | undefined>>;
  readonly files?: FormFiles;
}): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(form.fields)) {
    if (value !== undefined && value !== null) {
      data.append(name, String(value));
    }
  }
  for (const [name, files] of Object.entries(form.files ?? {})) {
    for (const file of files) {
      data.append(name, file, file.name ?? 'blob');
    }
  }
  return data;
}

/**
 * Calls a catalogue entry (or its route) through a client's `request` (so its retries, captcha
 * renewal and error parsing apply): fills the path's parameters, sends the query and the JSON
 * body (or the form), and resolves the answer typed from the entry's answer schema.
 */
export function callEndpoint<T extends CallTarget>(
  client: { request<A>(options: RequestOptions): Promise<A> },
  endpoint: T,
  ...[input, options = {}]: CallArgs<T>
): Promise<CallAnswer<T>> {
  const given = (input ?? {}) as {
    params?: Readonly<Record<string, unknown>>;
    query?: QueryParams;
    body?: RequestBody;
    form?: Parameters<typeof formDataOf>[0];
  };
  return client.request<CallAnswer<T>>({
    ...options,
    method: endpoint.method,
    path: fillPath(endpoint.path, given.params),
    ...(given.query === undefined ? {} : { query: { ...options.query, ...given.query } }),
    ...(given.body === undefined ? {} : { body: given.body }),
    ...(given.form === undefined ? {} : { body: formDataOf(given.form) }),
  });
}
