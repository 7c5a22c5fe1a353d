import { z } from 'zod';
import { eventTypes, type EventType } from '@nimbus/contracts';
import { filterError, filterValues, readFilters } from '../../http/filters';
import { pageTokenOf, readPageToken } from '../../http/page-token';
import { newId } from '../../lib/secrets';
import type { EventInput } from '../drive/drive.ports';
import type { EventRepository, EventView, NewEvent } from './event.repository';

export interface EventServiceDeps {
  events: EventRepository;
  now: () => Date;
  /** How many events each member keeps; older ones are dropped as new ones come. */
  keepPerMember?: number;
  logger?: { error(object: unknown, message: string): void };
}

/** A listing request as the route reads it. */
export interface ListEventsInput {
  filters: string | undefined;
  limit: number;
  pageToken: string | undefined;
}

function isEventType(value: string): value is EventType {
  return (eventTypes as readonly string[]).includes(value);
}

/** Reads the `filters` of an event listing: `type` with `eq` or `in`; anything else is `invalid_argument`. */
export function parseEventFilters(text: string | undefined): EventType[] | undefined {
  let types: EventType[] | undefined;
  for (const term of readFilters(text, { type: ['eq', 'in'] })) {
    const values = filterValues(term);
    const unknown = values.find((value) => !isEventType(value));
    if (unknown !== undefined) {
      throw filterError(`${JSON.stringify(unknown.slice(0, 32))} is not an event type`);
    }
    const chosen = values.filter(isEventType);
    types = types === undefined ? chosen : types.filter((type) => chosen.includes(type));
  }
  return types;
}

const cursorSchema = z.object({ c: z.string().max(64), i: z.string().max(64) });

function encodeToken(last: EventView): string {
  return pageTokenOf({ c: last.createdAt, i: last.id });
}

function decodeToken(token: string): [string, string] {
  const { c, i } = readPageToken(token, cursorSchema);
  return [c, i];
}

/** The default number of events a member keeps. */
export const defaultEventsPerMember = 1000;

/** Members whose count of new events is remembered at once. */
const maxTrackedMembers = 10_000;

/**
 * Recent events of the drive (`GET /drive/v1/events`). Other modules call `record` when a file
 * is uploaded, restored, played, viewed, downloaded or fetched. Each member keeps the newest
 * `keepPerMember` events (and up to a twentieth more, between two prunes); events of files that are in the trash, deleted or not the member's
 * are never listed.
 */
export function createEventService(deps: EventServiceDeps) {
  const keep = deps.keepPerMember ?? defaultEventsPerMember;
  // Finding the oldest event to keep reads `keep` index entries: done once per this many new
  // events of a member rather than on every one, so a member holds at most this many more.
  const pruneEvery = Math.max(1, Math.floor(keep / 20));
  /** Events recorded per member since this process last pruned theirs. */
  const sincePrune = new Map<string, number>();

  /** The rows of one call's events, which keep their order: each a millisecond after the one before. */
  function rowsOf(userId: string, list: EventInput[]): NewEvent[] {
    const base = deps.now().getTime();
    return list.slice(-keep).map((event, index) => ({
      id: newId(),
      userId,
      type: event.type,
      fileId: event.fileId,
      params: event.params ?? {},
      createdAt: new Date(base + index).toISOString(),
    }));
  }

  /** Counts `count` new events of the member, pruning their oldest once enough came. */
  async function recorded(userId: string, count: number): Promise<void> {
    const pending = (sincePrune.get(userId) ?? 0) + count;
    // With too many members counted at once, a new one is pruned at once, as before counting.
    if (pending < pruneEvery && (sincePrune.has(userId) || sincePrune.size < maxTrackedMembers)) {
      sincePrune.set(userId, pending);
      return;
    }
    sincePrune.delete(userId);
    await deps.events.prune(userId, keep);
  }

  return {
    /** The row of one event, for a caller that writes it in its own transaction (`recorded` after). */
    rowOf(userId: string, input: EventInput): NewEvent {
      return rowsOf(userId, [input])[0] as NewEvent;
    },

    /**
     * Told that rows of `rowsOf` were written (in another module's transaction); older events
     * are dropped now and then. Like `record`, a failure is logged, never thrown.
     */
    async recorded(userId: string, count: number): Promise<void> {
      await recorded(userId, count).catch((error: unknown) =>
        deps.logger?.error({ err: error }, 'pruning drive events failed'),
      );
    },

    /**
     * Records events of the member's files. Recording is a side note of the work that caused it:
     * a failure is logged, never thrown into that work.
     */
    async record(userId: string, input: EventInput | EventInput[]): Promise<void> {
      const list = Array.isArray(input) ? input : [input];
      if (list.length === 0) {
        return;
      }
      try {
        const rows = rowsOf(userId, list);
        await deps.events.insert(rows);
        await recorded(userId, rows.length);
      } catch (error) {
        deps.logger?.error({ err: error }, 'recording drive events failed');
      }
    },

    /** A page of the member's recent events, newest first. */
    async list(
      userId: string,
      input: ListEventsInput,
    ): Promise<{ events: EventView[]; nextPageToken: string }> {
      const types = parseEventFilters(input.filters);
      const after = input.pageToken ? decodeToken(input.pageToken) : undefined;
      const rows = await deps.events.list({ userId, types, after, limit: input.limit });
      const page = rows.slice(0, input.limit);
      const last = page.at(-1);
      return {
        events: page,
        nextPageToken: rows.length > input.limit && last ? encodeToken(last) : '',
      };
    },
  };
}

export type EventService = ReturnType<typeof createEventService>;
