#!/usr/bin/env node
// Writes the endpoint reference of docs/api.md (between its two markers) from the API catalogue
// (packages/contracts/src/api): per area, each call's method, path, who may call, summary and
// the names of its parameters, query and body fields.
// `--check` writes nothing and fails when the reference differs from what the catalogue gives,
// which `npm test` runs so the reference never drifts from the catalogue.
import { committedText, importTypeScript, writeOrCheck } from './generated-file.mjs';

const file = 'docs/api.md';
const begin = "<!-- endpoint reference: generated from packages/contracts's catalogue; begin -->";
const end = '<!-- endpoint reference: end -->';

// The catalogue is TypeScript: bundle it (with its one copy of zod) in memory and load it.
const { apiCatalogue } = await importTypeScript('packages/contracts/src/api/catalogue.ts');

/** A catalogue path as the docs spell it: `{name}` for a parameter, `:` for the literal colon. */
function displayPath(route) {
  return route.replace(/::|:([A-Za-z_][A-Za-z0-9_]*)(\([^)]*\))?/g, (token, name) =>
    name === undefined ? ':' : `{${name}}`,
  );
}

/**
 * The field names of an object schema, `?` after the optional ones; the options of a union
 * joined with ` | `. Anything else (a form, bytes) has no field list.
 */
function fieldsOf(schema) {
  if (!schema) {
    return '';
  }
  if (Array.isArray(schema.options)) {
    return schema.options.map(fieldsOf).filter(Boolean).join(' | ');
  }
  if (!schema.shape) {
    return '';
  }
  return Object.entries(schema.shape)
    .map(([name, field]) => (field.safeParse(undefined).success ? `${name}?` : name))
    .join(', ');
}

/** Text fit for one table cell: no line breaks, `|` escaped. */
function cell(text) {
  return text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();
}

const sections = Object.entries(apiCatalogue).map(([area, endpoints]) => {
  const rows = Object.values(endpoints).map((endpoint) => {
    const input = [
      ['params', endpoint.params],
      ['query', endpoint.query],
      ['body', endpoint.body],
    ]
      .map(([part, schema]) => [part, fieldsOf(schema)])
      .filter(([, fields]) => fields !== '')
      .map(([part, fields]) => `${part}: ${fields}`)
      .join('; ');
    // A console call names the roles that may make it (docs/api.md#operator-console).
    const who = endpoint.roles ? ['admin', ...endpoint.roles].join(', ') : endpoint.auth;
    return `| ${endpoint.method} | \`${displayPath(endpoint.path)}\` | ${who} | ${cell(endpoint.summary)} | ${cell(input)} |`;
  });
  return [
    `### ${area}`,
    '',
    '| Method | Path | Auth | Summary | Input |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
});

const reference = [
  begin,
  '',
  '<!-- Written by `npm run docs:api` from packages/contracts/src/api; edit the catalogue, not this list. -->',
  '',
  'Auth: `member` needs a signed-in member (`unauthenticated` otherwise); `visitor` is open to',
  "anyone (a member's credential may change the answer). Input names the path",
  'parameters, query parameters and JSON body fields; `?` marks the optional ones.',
  '',
  sections.join('\n\n'),
  '',
  end,
].join('\n');

const current = committedText(file);
const from = current.indexOf(begin);
const to = current.indexOf(end);
if (from < 0 || to < from) {
  console.error(`docs/api.md lacks the markers of the endpoint reference:\n${begin}\n${end}`);
  process.exit(1);
}
const written = `${current.slice(0, from)}${reference}${current.slice(to + end.length)}`;

writeOrCheck(file, written, {
  stale:
    'The endpoint reference of docs/api.md does not match the API catalogue\n' +
    '(packages/contracts/src/api).',
  fresh: 'docs/api.md matches the API catalogue.',
  command: 'npm run docs:api',
  wrote: `Wrote the endpoint reference of ${file}.`,
});
