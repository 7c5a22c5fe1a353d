import { describe, expect, it } from 'vitest';
import { jitlessZod, zodConfigKey } from './zod-jitless';

describe('zod without JIT in the browser', () => {
  it('is the configuration zod itself reads and writes', async () => {
    jitlessZod(globalThis);
    const { config } = await import('zod');
    expect(config()).toBe((globalThis as Record<string, unknown>)[zodConfigKey]);
    expect(config().jitless).toBe(true);
  });

  it('keeps what was configured before', () => {
    const scope = { [zodConfigKey]: { customError: 'kept' } } as unknown as typeof globalThis;
    jitlessZod(scope);
    expect((scope as unknown as Record<string, unknown>)[zodConfigKey]).toEqual({
      customError: 'kept',
      jitless: true,
    });
  });
});
