import { createMemoryStorage } from '@nimbus/client';
import { describe, expect, it } from 'vitest';
import {
  handoffFlowLifetimeMs,
  handoffFlowsStorageKey,
  rememberBegunFlow,
  takeBegunFlow,
} from './handoff-flows';

const now = Date.UTC(2026, 0, 1);

describe('login hand-off flows begun in this browser', () => {
  it('answers a code only for a state this browser began, with the verifier kept here, once', () => {
    const storage = createMemoryStorage();
    rememberBegunFlow(storage, { state: 'desk-1', verifier: 'kept-verifier' }, now);
    expect(takeBegunFlow(storage, 'attacker-state', now + 1000)).toBeUndefined();
    expect(takeBegunFlow(storage, 'desk-1', now + 1000)).toEqual({
      state: 'desk-1',
      verifier: 'kept-verifier',
    });
    expect(takeBegunFlow(storage, 'desk-1', now + 2000)).toBeUndefined();
    expect(storage.getItem(handoffFlowsStorageKey)).toBeNull();
  });

  it('knows no flow in a browser that began none', () => {
    expect(takeBegunFlow(createMemoryStorage(), 's', now)).toBeUndefined();
  });

  it('forgets a flow after its lifetime', () => {
    const storage = createMemoryStorage();
    rememberBegunFlow(storage, { state: 's', verifier: 'v' }, now);
    expect(takeBegunFlow(storage, 's', now + handoffFlowLifetimeMs)).toBeUndefined();
  });

  it('keeps the five newest flows and replaces a flow begun again with the same state', () => {
    const storage = createMemoryStorage();
    for (let index = 0; index < 7; index += 1) {
      rememberBegunFlow(storage, { state: `s${index}`, verifier: `v${index}` }, now + index);
    }
    rememberBegunFlow(storage, { state: 's3', verifier: 'again' }, now + 10);
    expect(takeBegunFlow(storage, 's0', now + 20)).toBeUndefined();
    expect(takeBegunFlow(storage, 's1', now + 20)).toBeUndefined();
    expect(takeBegunFlow(storage, 's2', now + 20)?.verifier).toBe('v2');
    expect(takeBegunFlow(storage, 's3', now + 20)?.verifier).toBe('again');
    expect(takeBegunFlow(storage, 's6', now + 20)?.verifier).toBe('v6');
  });

  it('ignores a malformed or hand-edited store', () => {
    for (const raw of [
      'not json',
      '[1,2]',
      '{"s":{"verifier":5,"expires_at":1e15}}',
      '{"s":null}',
    ]) {
      const storage = createMemoryStorage({ [handoffFlowsStorageKey]: raw });
      expect(takeBegunFlow(storage, 's', now)).toBeUndefined();
    }
  });
});
