/** Where zod keeps its global configuration (`config()` reads and writes this object). */
export const zodConfigKey = '__zod_globalConfig';

/**
 * Turns zod's JIT off in `scope` without loading zod: on the object zod adopts when it loads, or
 * has already made.
 */
export function jitlessZod(scope: typeof globalThis): void {
  const holder = scope as unknown as Record<string, Record<string, unknown> | undefined>;
  (holder[zodConfigKey] ??= {}).jitless = true;
}
