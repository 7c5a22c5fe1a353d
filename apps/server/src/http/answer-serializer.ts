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

type Writer = (data: unknown) => string;
type JsonObject = Record<string, unknown>;

const isJsonObject = (value: unknown): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The values a branch's property may hold, when its schema names them (`const` or `enum`). */
function namedValues(property: unknown): unknown[] | undefined {
  if (!isJsonObject(property)) {
    return undefined;
  }
  if ('const' in property) {
    return [property.const];
  }
  return Array.isArray(property.enum) ? property.enum : undefined;
}

/**
 * The property that tells the branches of a union of objects apart: every branch requires it
 * and names its values, and no value belongs to two branches. Undefined when there is none.
 */
function discriminatorOf(branches: JsonObject[]): { key: string; values: unknown[][] } | undefined {
  const first = branches[0]?.properties;
  if (!isJsonObject(first)) {
    return undefined;
  }
  for (const key of Object.keys(first)) {
    const values = branches.map((branch) =>
      Array.isArray(branch.required) &&
      branch.required.includes(key) &&
      isJsonObject(branch.properties)
        ? namedValues(branch.properties[key])
        : undefined,
    );
    if (values.some((named) => named === undefined || named.length === 0)) {
      continue;
    }
    const all = (values as unknown[][]).flat();
    if (new Set(all).size === all.length) {
      return { key, values: values as unknown[][] };
    }
  }
  return undefined;
}

/** A compiled writer, given the route's own writer for the answers it does not cover. */
type WriterFor = (fallback: () => Writer) => Writer;

/**
 * A union of objects told apart by one property (`upload_type` of `POST /drive/v1/files`): one
 * compiled writer per branch, picked by that property's value, which picks the branch zod's
 * first match would. An answer whose value names no branch goes to `fallback` (zod, which
 * refuses it). Undefined for any other union, or one whose branches cannot all be compiled.
 */
function unionWriterOf(jsonSchema: unknown): WriterFor | undefined {
  if (!isJsonObject(jsonSchema) || !Array.isArray(jsonSchema.anyOf)) {
    return undefined;
  }
  const { anyOf, ...shared } = jsonSchema;
  const branches = anyOf as unknown[];
  if (!branches.every(isJsonObject)) {
    return undefined;
  }
  const discriminator = discriminatorOf(branches);
  if (discriminator === undefined) {
    return undefined;
  }
  const byValue = new Map<unknown, Writer>();
  for (const [index, branch] of branches.entries()) {
    // Definitions a branch refers to sit beside `anyOf`.
    const writer = plainWriterOf({ ...shared, ...branch });
    if (writer === undefined) {
      return undefined;
    }
    for (const value of discriminator.values[index]!) {
      byValue.set(value, writer);
    }
  }
  const { key } = discriminator;
  return (fallback) => {
    let refuse: Writer | undefined;
    return (data) => {
      const writer = isJsonObject(data) ? byValue.get(data[key]) : undefined;
      if (writer !== undefined) {
        return writer(data);
      }
      refuse ??= fallback();
      return refuse(data);
    };
  };
}

/** fast-json-stringify's writer of a JSON Schema it can write without validating. */
function plainWriterOf(jsonSchema: unknown): Writer | undefined {
  const writable = writableSchema(jsonSchema);
  return writable === undefined ? undefined : fastJson(writable as Parameters<typeof fastJson>[0]);
}

/**
 * The answer's JSON Schema compiled to a function that writes only its fields; undefined when
 * JSON Schema cannot express the answer's schema, or fast-json-stringify should not write it.
 */
function compileStringifier(schema: z.ZodType): WriterFor | undefined {
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
  const union = unionWriterOf(jsonSchema);
  if (union !== undefined) {
    return union;
  }
  const plain = plainWriterOf(jsonSchema);
  return plain === undefined ? undefined : () => plain;
}

/**
 * Compiled writers by answer schema, for the life of the process: the catalogue's schemas are
 * module constants, so an app built again in the same process (a fleet test's nodes, every
 * medium test's app) reuses what the first compiled, a fifth of a second of start-up. `null`
 * remembers a schema that keeps zod's serializer.
 */
const compiledWriters = new WeakMap<z.ZodType, WriterFor | null>();

function fastStringifierOf(schema: z.ZodType): WriterFor | undefined {
  let compiled = compiledWriters.get(schema);
  if (compiled === undefined) {
    compiled = compileStringifier(schema) ?? null;
    compiledWriters.set(schema, compiled);
  }
  return compiled ?? undefined;
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
 * more than the rest of a small call. A union of objects told apart by one property gets a
 * writer per branch. An answer whose schema JSON Schema cannot express (a transform), or a
 * union without such a property, keeps zod's serializer.
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
    const writerFor = zodSchema === undefined ? undefined : fastStringifierOf(zodSchema);
    if (writerFor === undefined) {
      return zodSerializerCompiler(routeSchema);
    }
    const fast = writerFor(() => zodSerializerCompiler(routeSchema));
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
