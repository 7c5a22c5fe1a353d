import { AppError } from './app-error';
import { unsafeTextPathOf } from './text-guard';

/** One `field: {operator: value}` pair of a listing's `filters` parameter (docs/api.md#conventions). */
export interface FilterTerm {
  field: string;
  operator: string;
  value: unknown;
}

/** The `invalid_argument` of a `filters` parameter that a listing cannot take. */
export function filterError(description: string): AppError {
  return new AppError('invalid_argument', { description: `filters: ${description}` });
}

/**
 * Reads a `filters` JSON object (`{"field": {"operator": value}}`) into its terms, allowing only
 * the fields and operators of `allowed`; anything else is `invalid_argument`. An absent or blank
 * parameter has no terms. Each listing then reads the values its fields take.
 */
export function readFilters(
  text: string | undefined,
  allowed: Readonly<Record<string, readonly string[]>>,
): FilterTerm[] {
  if (text === undefined || text.trim() === '') {
    return [];
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw filterError('not JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw filterError('must be an object of fields');
  }
  const terms: FilterTerm[] = [];
  for (const [field, operations] of Object.entries(parsed)) {
    const operators = Object.hasOwn(allowed, field) ? allowed[field] : undefined;
    if (operators === undefined) {
      throw filterError(`unknown field ${JSON.stringify(field.slice(0, 64))}`);
    }
    if (operations === null || typeof operations !== 'object' || Array.isArray(operations)) {
      throw filterError(`${field} must be an object of operators`);
    }
    for (const [operator, value] of Object.entries(operations as Record<string, unknown>)) {
      if (!operators.includes(operator)) {
        throw filterError(`${field} takes no operator ${JSON.stringify(operator.slice(0, 16))}`);
      }
      if (unsafeTextPathOf(value) !== undefined) {
        throw filterError(`${field}.${operator} holds a NUL character or an unpaired surrogate`);
      }
      terms.push({ field, operator, value });
    }
  }
  return terms;
}

/**
 * The values of an `eq` term (one, trimmed, not empty) or an `in` term (comma-separated, trimmed,
 * empty items dropped, at most `max`); both take a string.
 */
export function filterValues(term: FilterTerm, max = 100): string[] {
  const { field, operator, value } = term;
  if (typeof value !== 'string') {
    throw filterError(`${field}.${operator} must be a string`);
  }
  if (operator !== 'in') {
    if (value.trim() === '') {
      throw filterError(`${field}.${operator} must be a non-empty string`);
    }
    return [value.trim()];
  }
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (items.length > max) {
    throw filterError(`${field}.in lists more than ${max} values`);
  }
  return items;
}
