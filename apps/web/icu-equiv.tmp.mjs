import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { IntlMessageFormat } = await import('intl-messageformat');
const { parse, TYPE } = await import('@formatjs/icu-messageformat-parser');
const compile = (await import('icu-minify/compile')).default;
const fo = '/work/wt/b2/node_modules/use-intl/dist/esm/production/format-message/format-only.js';
const formatOnly = (await import(fo)).default;
const dir = 'messages';
const formatters = {
  getNumberFormat: (l, o) => new Intl.NumberFormat(l, o),
  getPluralRules: (l, o) => new Intl.PluralRules(l, o),
  getDateTimeFormat: (l, o) => new Intl.DateTimeFormat(l, o),
};
function collect(nodes, args) {
  for (const n of nodes) {
    if (n.type === TYPE.argument) args[n.value] ??= 'str';
    if (n.type === TYPE.number || n.type === TYPE.plural) args[n.value] = 'num';
    if (n.type === TYPE.date || n.type === TYPE.time) args[n.value] = 'date';
    if (n.type === TYPE.select) args[n.value] = { sel: Object.keys(n.options) };
    if (n.options) for (const o of Object.values(n.options)) collect(o.value, args);
    if (n.children) collect(n.children, args);
  }
}
const leaves = (t, p = '') => typeof t === 'string' ? [[p, t]] : Object.entries(t).flatMap(([k, v]) => leaves(v, p ? `${p}.${k}` : k));
let n = 0, bad = 0;
const nums = [0, 1, 2, 3, 5, 11, 21, 22, 101, 1234.5];
const files = [];
for (const loc of fs.readdirSync(dir)) for (const f of fs.readdirSync(path.join(dir, loc))) files.push([loc, path.join(dir, loc, f)]);
for (const f of fs.readdirSync('../../packages/contracts/messages')) files.push([f.replace('.json',''), path.join('../../packages/contracts/messages', f)]);
for (const [loc, file] of files) {
  const json = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const [key, msg] of leaves(json)) {
    const args = {};
    collect(parse(msg), args);
    const compiled = compile(msg);
    for (let i = 0; i < nums.length; i++) {
      const values = {};
      for (const [a, t] of Object.entries(args)) values[a] = t === 'num' ? nums[i] : t === 'date' ? new Date(Date.UTC(2026, 10, 27, 19, 5)) : t === 'str' ? 'Zed' : t.sel[i % t.sel.length];
      const hasValues = Object.keys(values).length > 0;
      let full;
      try { full = new IntlMessageFormat(msg, loc, undefined, { formatters: { ...formatters, getMessageFormat: undefined } }).format(hasValues ? values : undefined); } catch (e) { full = 'ERR ' + e.message; }
      // use-intl hot path: plain strings without values are returned unparsed
      if (!hasValues && !/'[{}<#|']/.test(msg) && !/<|{/.test(msg)) full = msg;
      let mini;
      try { mini = formatOnly(key, compiled, hasValues ? values : undefined, { locale: loc, formatters, timeZone: 'UTC' }); } catch (e) { mini = 'ERR ' + e.message; }
      n++;
      if (full !== mini) { bad++; if (bad < 30) console.log(loc, file, key, JSON.stringify(msg), '\n  full:', JSON.stringify(full), '\n  mini:', JSON.stringify(mini)); }
      if (!hasValues) break;
    }
  }
}
console.log('checked', n, 'differences', bad);
