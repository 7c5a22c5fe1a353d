import { describe, expect, it } from 'vitest';
import { createQueuePump } from './queue-pump';

/** A drain that waits until released, counting its passes. */
function gatedDrain() {
  let passes = 0;
  let release: () => void = () => undefined;
  return {
    get passes() {
      return passes;
    },
    release: () => release(),
    drain: () => {
      passes += 1;
      return new Promise<number>((resolve) => {
        release = () => resolve(1);
      });
    },
  };
}

describe('queue pump', () => {
  it('runs one pass at a time and one more after a wake-up during a pass', async () => {
    const gate = gatedDrain();
    const pump = createQueuePump({ drain: gate.drain, pollMs: 60_000, onError: () => undefined });
    pump.start();
    expect(gate.passes).toBe(1);
    pump.wake();
    pump.wake();
    expect(gate.passes).toBe(1);
    gate.release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(gate.passes).toBe(2);
    gate.release();
    await pump.stop();
    expect(pump.stopped).toBe(true);
  });

  it('reports a failed pass and keeps answering wake-ups', async () => {
    const errors: unknown[] = [];
    let passes = 0;
    const pump = createQueuePump({
      drain: () => {
        passes += 1;
        return passes === 1 ? Promise.reject(new Error('queue unreachable')) : Promise.resolve(0);
      },
      pollMs: 60_000,
      onError: (error) => errors.push(error),
    });
    pump.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(errors).toHaveLength(1);
    pump.wake();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(passes).toBe(2);
    await pump.stop();
  });

  it('stops: halts the pass under way, waits for it, and ignores wake-ups after', async () => {
    const gate = gatedDrain();
    const pump = createQueuePump({ drain: gate.drain, pollMs: 60_000, onError: () => undefined });
    pump.start();
    let halted = false;
    const stopping = pump.stop(() => {
      halted = true;
      gate.release();
    });
    await stopping;
    expect(halted).toBe(true);
    pump.wake();
    expect(gate.passes).toBe(1);
  });
});
