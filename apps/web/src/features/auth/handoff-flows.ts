import { readStoredObject, type StorageLike } from '@nimbus/client';

/*
 * The login hand-offs this browser began (login CSRF defence). A code that arrives in a page's
 * query is only exchanged when its `state` names a flow begun here, and always with the verifier
 * kept here since the flow began: anyone can mint a code for their own account with a verifier
 * of their own, so neither a code nor a verifier taken from a link may sign a browser in.
 */

/** Local storage key of the begun flows: `{[state]: {verifier, expires_at}}`. */
export const handoffFlowsStorageKey = 'nimbus_handoff_flows';

/** How long a begun flow waits for its code: 10 minutes, as long as the proxy keeps a hand-off. */
export const handoffFlowLifetimeMs = 10 * 60 * 1000;

/** Most flows kept at once; the oldest go first. */
const maxFlows = 5;

/** A flow this browser began: the state it is answered with and the PKCE verifier kept for it. */
export interface BegunFlow {
  state: string;
  verifier: string;
}

interface StoredFlow {
  verifier: string;
  /** Epoch milliseconds after which the flow is no longer answered. */
  expires_at: number;
}

/** The unexpired flows of the storage, oldest first. */
function readFlows(storage: StorageLike, now: number): Map<string, StoredFlow> {
  const flows = new Map<string, StoredFlow>();
  const stored = readStoredObject(storage, handoffFlowsStorageKey) ?? {};
  const entries = Object.entries(stored).flatMap(([state, value]) => {
    const record = (typeof value === 'object' && value !== null ? value : {}) as Record<
      string,
      unknown
    >;
    return typeof record.verifier === 'string' &&
      typeof record.expires_at === 'number' &&
      record.expires_at > now
      ? [[state, { verifier: record.verifier, expires_at: record.expires_at }] as const]
      : [];
  });
  entries.sort((a, b) => a[1].expires_at - b[1].expires_at);
  for (const [state, flow] of entries) {
    flows.set(state, flow);
  }
  return flows;
}

function writeFlows(storage: StorageLike, flows: Map<string, StoredFlow>): void {
  if (flows.size === 0) {
    storage.removeItem(handoffFlowsStorageKey);
    return;
  }
  storage.setItem(handoffFlowsStorageKey, JSON.stringify(Object.fromEntries(flows)));
}

/** Records a flow this browser began, answerable for `handoffFlowLifetimeMs`. */
export function rememberBegunFlow(storage: StorageLike, flow: BegunFlow, now: number): void {
  const flows = readFlows(storage, now);
  flows.delete(flow.state);
  flows.set(flow.state, { verifier: flow.verifier, expires_at: now + handoffFlowLifetimeMs });
  for (const state of flows.keys()) {
    if (flows.size <= maxFlows) {
      break;
    }
    flows.delete(state);
  }
  writeFlows(storage, flows);
}

/**
 * Takes the flow this browser began with `state`: its verifier, once (the flow is forgotten),
 * or undefined when no unexpired flow has that state.
 */
export function takeBegunFlow(
  storage: StorageLike,
  state: string,
  now: number,
): BegunFlow | undefined {
  const flows = readFlows(storage, now);
  const flow = flows.get(state);
  flows.delete(state);
  writeFlows(storage, flows);
  return flow ? { state, verifier: flow.verifier } : undefined;
}
