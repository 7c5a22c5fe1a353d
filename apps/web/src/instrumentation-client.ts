/*
 * Runs in the browser before the app. zod probes whether it may compile parsers with
 * `new Function`; the site's Content-Security-Policy allows no eval, so the probe would be
 * refused and reported as a violation on every page that parses. Without JIT zod skips the probe
 * and interprets its schemas. zod keeps its configuration on `globalThis.__zod_globalConfig` and
 * adopts one that is already there (lib/zod-jitless.test.ts holds it to that): setting it
 * here, instead of calling `config()`, keeps zod out of every page's first load; the pages that
 * parse load it later.
 */
import { jitlessZod } from './lib/zod-jitless';

jitlessZod(globalThis);
