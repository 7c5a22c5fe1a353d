import { z } from 'zod';
import { configGroups } from './config';

/*
 * The configuration reference (docs/configuration.md) is written from the settings' zod schemas
 * alone: names, types and defaults from the schemas, descriptions from their `.describe()`. A
 * setting added without a description fails `npm run docs:config`, and a reference that no
 * longer matches the schemas fails `npm test`, so the document cannot drift from the code.
 */

/** The parts of a zod definition the reference reads. */
interface Definition {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  entries?: Record<string, string | number>;
  options?: readonly z.ZodType[];
  values?: readonly unknown[];
  defaultValue?: unknown;
}

export interface ConfigVariable {
  name: string;
  type: string;
  /** The default as text; undefined when the variable has none (unset). */
  defaultValue: string | undefined;
  description: string;
}

function definitionOf(schema: z.ZodType): Definition {
  return schema._zod.def;
}

/** The wrappers that do not change what a variable's text looks like. */
const wrappers = new Set(['default', 'optional', 'prefault', 'nonoptional', 'readonly', 'catch']);

/** A named format registered on the schema or on what it wraps or reads its text with. */
function formatWithin(schema: z.ZodType): string | undefined {
  const registered = z.globalRegistry.get(schema)?.settingType;
  if (typeof registered === 'string') {
    return registered;
  }
  const definition = definitionOf(schema);
  if (wrappers.has(definition.type) && definition.innerType) {
    return formatWithin(definition.innerType);
  }
  if (definition.type === 'pipe' && definition.in) {
    return formatWithin(preprocessed(definition) ?? definition.in);
  }
  return undefined;
}

/** The schema a `z.preprocess` pipe hands the text to (its input is a bare transform). */
function preprocessed(definition: Definition): z.ZodType | undefined {
  return definition.in && definitionOf(definition.in).type === 'transform'
    ? definition.out
    : undefined;
}

/** What a pipe ends in, past wrappers and further pipes. */
function finalType(schema: z.ZodType): string {
  const definition = definitionOf(schema);
  if (wrappers.has(definition.type) && definition.innerType) {
    return finalType(definition.innerType);
  }
  if (definition.type === 'pipe' && definition.out) {
    return finalType(definition.out);
  }
  return definition.type;
}

function numberType(schema: z.ZodNumber): string {
  const name = schema.isInt ? 'integer' : 'number';
  const low =
    schema.minValue !== null && schema.minValue > Number.MIN_SAFE_INTEGER
      ? schema.minValue
      : undefined;
  const high =
    schema.maxValue !== null && schema.maxValue < Number.MAX_SAFE_INTEGER
      ? schema.maxValue
      : undefined;
  if (low !== undefined && high !== undefined) {
    return `${name}, ${low}–${high}`;
  }
  if (low !== undefined) {
    return `${name}, ≥ ${low}`;
  }
  return high !== undefined ? `${name}, ≤ ${high}` : name;
}

/** The type of a variable as a reader of the reference needs it: what text it takes. */
export function typeOf(schema: z.ZodType): string {
  const format = formatWithin(schema);
  if (format !== undefined) {
    return format;
  }
  const definition = definitionOf(schema);
  switch (definition.type) {
    case 'pipe': {
      const target = preprocessed(definition);
      if (target) {
        return typeOf(target);
      }
      return ['record', 'object', 'array'].includes(finalType(schema))
        ? 'JSON'
        : typeOf(definition.in as z.ZodType);
    }
    case 'number':
      return numberType(schema as z.ZodNumber);
    case 'enum':
      return Object.values(definition.entries ?? {})
        .map((value) => `\`${value}\``)
        .join(' \\| ');
    case 'literal':
      return (definition.values ?? [])
        .map((value) => (value === '' ? 'empty' : `\`${String(value)}\``))
        .join(' or ');
    case 'union':
      return (definition.options ?? []).map((option) => typeOf(option)).join(' or ');
    case 'string': {
      const stringFormat = (schema as z.ZodString).format;
      return stringFormat === 'email'
        ? 'e-mail address'
        : stringFormat === 'url'
          ? 'URL'
          : 'string';
    }
    default:
      return wrappers.has(definition.type) && definition.innerType
        ? typeOf(definition.innerType)
        : 'string';
  }
}

/** The default of a variable as text, or undefined when it has none. */
export function defaultOf(schema: z.ZodType): string | undefined {
  const definition = definitionOf(schema);
  if (definition.type === 'default' || definition.type === 'prefault') {
    return String(definition.defaultValue);
  }
  if (wrappers.has(definition.type) && definition.innerType) {
    return defaultOf(definition.innerType);
  }
  if (definition.type === 'pipe' && definition.in) {
    return defaultOf(preprocessed(definition) ?? definition.in);
  }
  return undefined;
}

/** Every variable of a group of settings, in order; throws for one without a description. */
export function variablesOf(settings: Record<string, z.ZodType>): ConfigVariable[] {
  return Object.entries(settings).map(([name, schema]) => {
    const description = schema.description;
    if (description === undefined || description.trim() === '') {
      throw new Error(`${name} has no description: give its schema a .describe()`);
    }
    return { name, type: typeOf(schema), defaultValue: defaultOf(schema), description };
  });
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}

const byteUnits = ['TiB', 'GiB', 'MiB', 'KiB'];

/** A byte count in the largest binary unit that divides it, e.g. `10 GiB`. */
function bytesText(bytes: number): string | undefined {
  for (const [index, unit] of byteUnits.entries()) {
    const size = 1024 ** (byteUnits.length - index);
    if (bytes >= size && bytes % size === 0) {
      return `${bytes / size} ${unit}`;
    }
  }
  return undefined;
}

function defaultCell(name: string, value: string | undefined): string {
  if (value === undefined) {
    return 'unset';
  }
  if (value === '') {
    return 'empty';
  }
  const readable = name.endsWith('_BYTES') ? bytesText(Number(value)) : undefined;
  return readable === undefined ? `\`${value}\`` : `\`${value}\` (${readable})`;
}

/** A titled group of settings, one section of the reference. */
export interface ConfigGroup {
  readonly title: string;
  readonly settings: Record<string, z.ZodType>;
}

/** docs/configuration.md: the server's settings, then any further groups (the web app's). */
export function renderConfigReference(moreGroups: readonly ConfigGroup[] = []): string {
  const groups: readonly ConfigGroup[] = [...configGroups, ...moreGroups];
  const sections = groups.map(({ title, settings }) => {
    const rows = variablesOf(settings).map(
      (variable) =>
        `| \`${variable.name}\` | ${variable.type} | ${defaultCell(variable.name, variable.defaultValue)} | ${cell(variable.description)} |`,
    );
    return [
      `## ${title}`,
      '',
      '| Variable | Type | Default | Description |',
      '| --- | --- | --- | --- |',
      ...rows,
    ].join('\n');
  });
  return [
    '# Configuration',
    '',
    "<!-- Generated by `npm run docs:config` from the settings' schemas (apps/server/src/settings/, apps/web/src/config.ts); edit the schemas, not this file. -->",
    '',
    'The server reads every setting from an environment variable, once, at start-up. An empty',
    'variable counts as unset. An invalid value stops the server with a list of every problem.',
    'Types say what text a variable takes: a boolean is `true`/`false`, `1`/`0` or `on`/`off`; a',
    "list is comma-separated; JSON is one JSON document. The server's settings are defined in",
    '`apps/server/src/settings/`; the web app, served by the same process, reads its own',
    '(`apps/web/src/config.ts`, the last section).',
    '',
    ...sections.flatMap((section) => [section, '']),
  ].join('\n');
}
