import { config } from 'zod';

/*
 * Runs in the browser before the app. zod probes whether it may compile parsers with
 * `new Function`; the site's Content-Security-Policy allows no eval, so the probe would be
 * refused and reported as a violation on every page. Without JIT zod skips the probe and
 * interprets its schemas.
 */
config({ jitless: true });
