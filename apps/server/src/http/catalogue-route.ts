import type { Endpoint, EndpointDefinition, HandlerAnswerOf } from '@nimbus/contracts';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteShorthandOptions,
} from 'fastify';
import type { z } from 'zod';

/** The security schemes of a member call in the OpenAPI document: a bearer token or the session cookie. */
export const memberSecurity: { [scheme: string]: string[] }[] = [{ bearer: [] }, { session: [] }];

type Parsed<S> = S extends z.ZodType ? z.output<S> : unknown;

/** The request of a catalogue route: params, query and body as its schemas parse them. */
export type CatalogueRequest<E extends EndpointDefinition> = FastifyRequest<{
  Params: Parsed<E['params']>;
  Querystring: Parsed<E['query']>;
  Body: Parsed<E['body']>;
}>;

/**
 * A catalogue route's handler: it answers the endpoint's answer, or sends its own reply (a
 * status without body, bytes, a redirect) and returns it.
 */
export type CatalogueHandler<E extends EndpointDefinition> = (
  request: CatalogueRequest<E>,
  reply: FastifyReply,
) => Promise<HandlerAnswerOf<E> | FastifyReply>;

/**
 * What a route adds to its catalogue entry: hooks, limits, route config, and schema parts the
 * catalogue does not hold (headers, other answers' statuses, `hide`).
 */
export type CatalogueRouteOptions = Omit<RouteShorthandOptions, 'schema'> & {
  readonly schema?: FastifySchema & { hide?: boolean };
};

/**
 * Registers a route from its catalogue entry: method, path, params, query, body, answer, summary,
 * tags and security come from the entry (so the OpenAPI document does too), hooks and the
 * handler from the module.
 */
export function catalogueRoute<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  options: CatalogueRouteOptions,
  handler: CatalogueHandler<E>,
): void {
  const { schema: extra = {}, ...rest } = options;
  const schema: FastifySchema & Record<string, unknown> = {
    ...extra,
    tags: [...endpoint.tags],
    summary: endpoint.summary,
    ...(endpoint.description === undefined ? {} : { description: endpoint.description }),
    ...(endpoint.auth === 'member' ? { security: memberSecurity } : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(endpoint.answer
      ? { response: { ...(extra.response as object | undefined), 200: endpoint.answer } }
      : {}),
  };
  app.route({
    ...rest,
    method: endpoint.method,
    url: endpoint.path,
    schema,
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
