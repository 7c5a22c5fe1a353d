import type { FastifySchemaCompiler } from 'fastify';
import { safeParse, type $ZodIssue, type $ZodType } from 'zod/v4/core';

/** What fastify-type-provider-zod marks its validation errors with (the error handler reads it). */
const zodValidationErrorSymbol = Symbol.for('ZodFastifySchemaValidationError');

/**
 * How deep `withoutNulls` looks: deeper than any request shape, so that a hostile body nested
 * thousands of levels deep is handed to the schema as it is (which refuses it) instead of
 * exhausting the stack.
 */
const maxNullDepth = 16;

/**
 * A request value with JSON `null` read as absent, at every depth of every object: clients of the
 * original service send `"parent_id": null` or `"meta": {"user_id": null}` for a field they leave
 * out (docs/api.md#conventions). Array items keep their nulls; a required field sent as `null` is
 * refused as missing, by name.
 */
export function withoutNulls(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth >= maxNullDepth) {
    return value;
  }
  if (Array.isArray(value)) {
    return value.map((item: unknown) => withoutNulls(item, depth + 1));
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) {
    // Bytes (a Buffer from a raw body parser) and other objects are no JSON object.
    return value;
  }
  const kept: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item !== null) {
      kept[key] = withoutNulls(item, depth + 1);
    }
  }
  return kept;
}

/**
 * The issues of a failed parse, each on the field it is about: a union that no branch matched
 * (`POST /drive/v1/files` is one) is described by the branch that came closest, so the answer
 * names the field instead of "Invalid input" at the body's root.
 */
export function fieldIssues(issues: readonly $ZodIssue[], base: PropertyKey[] = []): $ZodIssue[] {
  return issues.flatMap((issue): $ZodIssue[] => {
    const path = [...base, ...issue.path];
    if (issue.code !== 'invalid_union') {
      return [{ ...issue, path }];
    }
    const branches = issue.errors.filter((branch) => branch.length > 0);
    if (branches.length === 0) {
      const discriminator = 'discriminator' in issue ? issue.discriminator : undefined;
      return [
        {
          ...issue,
          path: typeof discriminator === 'string' ? [...path, discriminator] : path,
          message:
            typeof discriminator === 'string' ? 'is not one of the accepted values' : issue.message,
        },
      ];
    }
    const closest = branches.reduce((best, branch) =>
      branch.length < best.length ? branch : best,
    );
    return fieldIssues(closest, path);
  });
}

/**
 * The zod validator of every route (params, query and body): an empty body is read as `{}` on
 * every method, JSON `null` as an absent field, and each failure names the field it is about.
 * Failures keep the shape fastify-type-provider-zod gives them, which the error handler reads.
 */
export const requestValidatorCompiler: FastifySchemaCompiler<$ZodType> = ({ schema, httpPart }) => {
  return (data) => {
    const input: unknown = httpPart === 'body' && (data === undefined || data === null) ? {} : data;
    const result = safeParse(schema, withoutNulls(input));
    if (result.success) {
      return { value: result.data };
    }
    const validation = fieldIssues(result.error.issues).map((issue) => ({
      [zodValidationErrorSymbol]: true,
      keyword: issue.code,
      instancePath: `/${issue.path.map(String).join('/')}`,
      schemaPath: `#/${issue.path.map(String).join('/')}/${issue.code}`,
      message: issue.message,
      params: {},
    }));
    return { error: validation as unknown as Error };
  };
};
