import type { FastifySerializerCompiler } from 'fastify/types/schema';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type RouteSchema = Parameters<FastifySerializerCompiler<z.ZodType>>[0];

/** The zod schema of an answer: the schema itself, or `{ properties: schema }`. */
function zodSchemaOf(schema: unknown): z.ZodType | undefined {
  if (schema instanceof z.ZodType) {
    return schema;
  }
  const properties = (schema as { properties?: unknown } | undefined)?.properties;
  return properties instanceof z.ZodType ? properties : undefined;
}

/** Keywords whose values are data, not schemas. */
const dataKeywords = new Set(['const', 'enum', 'examples']);
/** Keywords whose values map names to schemas. */
const schemaMaps = new Set(['properties', 'patternProperties', 'definitions', '$defs']);
/** Keywords fast-json-stringify answers by validating the data (with ajv) on every call. */
const validatingKeywords = new Set(['anyOf', 'oneOf', 'allOf', 'not', 'if']);

/**
 * The JSON Schema fast-json-stringify writes an answer by, undefined for one it should not:
 * one with alternatives, which it would pick by validating every answer. `required` and
 * `default` go: zod (in the tests) holds an answer to its required fields, and zod does not
 * fill in a default when it encodes, where fast-json-stringify would fail a missing field or
 * write its default.
 */
function writableSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) {
    const items = schema.map(writableSchema);
    return items.includes(undefined) ? undefined : items;
  }
  if (schema === null || typeof schema !== 'object') {
    return schema;
  }
  const kept: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(schema as Record<string, unknown>)) {
    if (validatingKeywords.has(keyword)) {
      return undefined;
    }
    if (keyword === 'required' || keyword === 'default') {
      continue;
    }
    if (dataKeywords.has(keyword) || value === null || typeof value !== 'object') {
      kept[keyword] = value;
      continue;
    }
    const entries: [string, unknown][] = schemaMaps.has(keyword)
      ? Object.entries(value as Record<string, unknown>).map(([name, inner]) => [
          name,
          writableSchema(inner),
        ])
      : [[keyword, writableSchema(value)]];
    if (entries.some(([, inner]) => inner === undefined)) {
      return undefined;
    }
    kept[keyword] = schemaMaps.has(keyword) ? Object.fromEntries(entries) : entries[0]![1];
  }
  return kept;
}

/**
 * The answer's JSON Schema compiled to a function that writes only its fields; undefined when
 * JSON Schema cannot express the answer's schema, or fast-json-stringify should not write it.
 */
function fastStringifierOf(schema: z.ZodType): ((data: unknown) => string) | undefined {
  let jsonSchema: unknown;
  try {
    jsonSchema = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'throw',
    });
  } catch {
    return undefined;
  }
  const writable = writableSchema(jsonSchema);
  return writable === undefined ? undefined : fastJson(writable as Parameters<typeof fastJson>[0]);
}

/** Thrown in checked mode when the compiled writer and zod would not send the same answer. */
export class AnswerMismatchError extends Error {
  constructor(route: string, zodText: string, fastText: string) {
    super(
      `${route}: the compiled answer ${fastText.slice(0, 300)} differs from zod's ${zodText.slice(0, 300)}`,
    );
    this.name = 'AnswerMismatchError';
  }
}

/**
 * Writes each route's answers with a function compiled from its catalogue schema
 * (fast-json-stringify over zod's JSON Schema of the answer): it writes the schema's fields
 * and nothing else, as zod does, without parsing the answer again on every call, which costs
 * more than the rest of a small call. An answer whose schema JSON Schema cannot express (a
 * transform) keeps zod's serializer.
 *
 * With `checkAnswers` (the tests), every answer is also encoded by zod: one that breaks its
 * schema fails the request as it does without the compiled writer, and one the two would write
 * differently fails it too, so the tests prove what production sends.
 */
export function answerSerializerCompiler(options: {
  checkAnswers: boolean;
}): FastifySerializerCompiler<z.ZodType> {
  return (routeSchema: RouteSchema) => {
    const zodSchema = zodSchemaOf(routeSchema.schema);
    const fast = zodSchema === undefined ? undefined : fastStringifierOf(zodSchema);
    if (fast === undefined) {
      return zodSerializerCompiler(routeSchema);
    }
    if (!options.checkAnswers) {
      return fast;
    }
    const checked = zodSerializerCompiler(routeSchema);
    const route = `${routeSchema.method} ${routeSchema.url} (${routeSchema.httpStatus})`;
    return (data: unknown) => {
      const zodText = checked(data);
      const fastText = fast(data);
      if (fastText !== zodText) {
        throw new AnswerMismatchError(route, zodText, fastText);
      }
      return fastText;
    };
  };
}
