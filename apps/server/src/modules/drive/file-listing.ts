import { z } from 'zod';
import { fileCategories, taskPhases, type SortOrder } from '@nimbus/contracts';
import { filterError, readFilters } from '../../http/filters';
import { pageTokenOf, readPageToken, invalidPageToken } from '../../http/page-token';
import {
  sortValueOf,
  type FileColumn,
  type FileCondition,
  type FileRecord,
  type SortKey,
} from './file.repository';

/** Folds a name for uniqueness and prefix search: NFC, then full case folding in any script. */
export function foldName(name: string): string {
  return name.normalize('NFC').toUpperCase().toLowerCase();
}

/** The sort keys of an order; folders (`kind` descending: `folder` > `file`) first when asked. */
export function sortKeysOf(order: SortOrder, foldersFirst: boolean): SortKey[] {
  const [column, direction]: [FileColumn, 'asc' | 'desc'] = (() => {
    switch (order) {
      case 'NAME_ASC':
        return ['name_key', 'asc'];
      case 'NAME_DESC':
        return ['name_key', 'desc'];
      case 'TYPE_DESC':
        return ['file_extension', 'desc'];
      case 'MODIFY_TIME_ASC':
        return ['modified_at', 'asc'];
      case 'MODIFY_TIME_DESC':
        return ['modified_at', 'desc'];
      case 'SIZE_ASC':
        return ['size', 'asc'];
      case 'SIZE_DESC':
        return ['size', 'desc'];
    }
  })();
  const keys: SortKey[] = [
    { column, direction },
    { column: 'id', direction },
  ];
  return foldersFirst ? [{ column: 'kind', direction: 'desc' }, ...keys] : keys;
}

const cursorSchema = z.object({
  o: z.string(),
  v: z.array(z.union([z.string().max(2048), z.number()])).max(4),
});

/**
 * A page token: the sort-key values of the last row of a page and a fingerprint of the order, as
 * base64url JSON. It is a position, never an offset, so it stays valid as items come and go.
 */
export function encodePageToken(fingerprint: string, keys: SortKey[], last: FileRecord): string {
  return pageTokenOf({ o: fingerprint, v: keys.map((key) => sortValueOf(last, key.column)) });
}

/** Reads a page token back; `invalid_argument` for anything this listing did not give. */
export function decodePageToken(
  token: string,
  fingerprint: string,
  keys: SortKey[],
): (string | number)[] {
  const position = readPageToken(token, cursorSchema, 4096);
  if (position.o !== fingerprint || position.v.length !== keys.length) {
    throw invalidPageToken();
  }
  const values = position.v;
  keys.forEach((key, index) => {
    const numeric = key.column === 'size';
    if (numeric !== (typeof values[index] === 'number')) {
      throw invalidPageToken();
    }
  });
  return values;
}

type Operator = 'eq' | 'in' | 'gt' | 'lt' | 'prefix' | 'contains';

interface FilterField {
  column: FileColumn;
  operators: readonly Operator[];
  /** The stored value of a client's value, or undefined when it is not one this field holds. */
  read(value: string): string | number | undefined;
}

const booleanValue = (value: string) => (value === 'true' ? 1 : value === 'false' ? 0 : undefined);
const textValue = (value: string) => (value.length <= 1024 ? value : undefined);
/** One of `values`, as it is written; anything else is not a value the field holds. */
const oneOf = (values: readonly string[]) => (value: string) =>
  values.includes(value) ? value : undefined;
/**
 * An RFC 3339 time (docs/api.md#conventions) as it is stored: UTC with milliseconds, so that a time given
 * without them or in another zone compares right with the stored text.
 */
const timeValue = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i.test(value)) {
    return undefined;
  }
  const time = Date.parse(value.toUpperCase());
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
};

/** The fields `filters` may name and the operators each takes (docs/api.md#conventions). */
const filterFields: Record<string, FilterField> = {
  name: {
    column: 'name_key',
    operators: ['eq', 'in', 'gt', 'lt', 'prefix', 'contains'],
    read: (value) => textValue(foldName(value)),
  },
  kind: {
    column: 'kind',
    operators: ['eq', 'in'],
    read: (value) =>
      value === 'drive#folder' ? 'folder' : value === 'drive#file' ? 'file' : undefined,
  },
  starred: { column: 'starred', operators: ['eq'], read: booleanValue },
  // The original service's way to ask for starred files: `{"system_tag": {"in": "STAR"}}`.
  system_tag: {
    column: 'starred',
    operators: ['eq', 'in'],
    read: (value) => (value === 'STAR' ? 1 : undefined),
  },
  trashed: { column: 'trashed', operators: ['eq'], read: booleanValue },
  phase: { column: 'phase', operators: ['eq', 'in'], read: oneOf(taskPhases) },
  file_category: { column: 'file_category', operators: ['eq', 'in'], read: oneOf(fileCategories) },
  modified_time: { column: 'modified_at', operators: ['gt', 'lt'], read: timeValue },
  created_time: { column: 'created_at', operators: ['gt', 'lt'], read: timeValue },
};

/** The operators each field takes, for `readFilters`. */
const filterOperators: Record<string, readonly string[]> = Object.fromEntries(
  Object.entries(filterFields).map(([name, field]) => [name, field.operators]),
);

/** Parsed `filters`: the conditions, and whether the trash is asked for (`trashed` eq true). */
export interface ParsedFilters {
  conditions: FileCondition[];
  trashed: boolean | undefined;
}

/**
 * Reads the `filters` JSON (`{"field": {"operator": value}}`) into conditions. Unknown fields,
 * unknown operators and values of the wrong type are `invalid_argument`. Besides the operators
 * of docs/api.md#conventions, `name` takes `contains` (search anywhere in the name). `trashed` is returned
 * apart: the listing decides which trash state it means.
 */
export function parseFilters(text: string | undefined): ParsedFilters {
  const conditions: FileCondition[] = [];
  let trashed: boolean | undefined;
  for (const { field: fieldName, operator, value: raw } of readFilters(text, filterOperators)) {
    const field = filterFields[fieldName];
    if (field === undefined) {
      continue;
    }
    if (typeof raw !== 'string' && typeof raw !== 'boolean' && typeof raw !== 'number') {
      throw filterError(`${fieldName}.${operator} must be a string`);
    }
    const textual = String(raw);
    const read = (value: string) => {
      const stored = field.read(value);
      if (stored === undefined) {
        throw filterError(`${fieldName}.${operator} has a value it cannot take`);
      }
      return stored;
    };
    if (fieldName === 'trashed') {
      trashed = read(textual) === 1;
      continue;
    }
    switch (operator as Operator) {
      case 'eq':
        conditions.push({ column: field.column, op: '=', value: read(textual) });
        break;
      case 'gt':
        conditions.push({ column: field.column, op: '>', value: read(textual) });
        break;
      case 'lt':
        conditions.push({ column: field.column, op: '<', value: read(textual) });
        break;
      case 'in': {
        const items = textual
          .split(',')
          .map((item) => item.trim())
          .filter((item) => item !== '');
        if (items.length > 100) {
          throw filterError(`${fieldName}.in lists more than 100 values`);
        }
        conditions.push({ column: field.column, op: 'in', value: items.map(read) });
        break;
      }
      case 'prefix':
      case 'contains': {
        const value = read(textual);
        conditions.push({
          column: 'name_key',
          op: operator as 'prefix' | 'contains',
          value: String(value),
        });
        break;
      }
    }
  }
  return { conditions, trashed };
}
