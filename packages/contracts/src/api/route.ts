import type { Endpoint } from './endpoint';

/*
 * The route table (routes.generated.ts) is the catalogue as the browser needs it: a call needs
 * only its method and path at run time, and its input and answer types come from the catalogue
 * entry through a type-only link, so a page that calls the API ships no zod.
 */

/** Links a route to its catalogue entry; only a type, never a value. */
declare const endpointOf: unique symbol;

/** A catalogue entry's method and path, typed by the entry itself. */
export type ApiRoute<E extends Endpoint = Endpoint> = {
  readonly method: E['method'];
  readonly path: E['path'];
  readonly [endpointOf]: E;
};

/** The catalogue entry of a route, or the entry itself when given one. */
export type EndpointOfRoute<T> = T extends ApiRoute<infer E> ? E : T;
