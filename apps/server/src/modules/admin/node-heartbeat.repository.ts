import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { NodeHeartbeatTable } from '../../db/tables/jobs';

export type NodeHeartbeat = Selectable<NodeHeartbeatTable>;

/** The fleet's node rows (0057-node-heartbeats): written by each process, read by the console. */
export function createNodeHeartbeatRepository(db: Kysely<Database>) {
  return {
    /** Writes the node's row, or moves its `seen_at` on. */
    async beat(node: NodeHeartbeat): Promise<void> {
      await db
        .insertInto('node_heartbeats')
        .values(node)
        .onConflict((conflict) => conflict.column('id').doUpdateSet({ seen_at: node.seen_at }))
        .execute();
    },

    /** Removes the row of a node that stops, and of nodes not seen since `before`. */
    async remove(id: string, before: string): Promise<void> {
      await db
        .deleteFrom('node_heartbeats')
        .where((eb) => eb.or([eb('id', '=', id), eb('seen_at', '<', before)]))
        .execute();
    },

    /** The nodes seen at `since` or later, the latest first. */
    async seenSince(since: string): Promise<NodeHeartbeat[]> {
      return db
        .selectFrom('node_heartbeats')
        .selectAll()
        .where('seen_at', '>=', since)
        .orderBy('seen_at', 'desc')
        .limit(500)
        .execute();
    },
  };
}

export type NodeHeartbeatRepository = ReturnType<typeof createNodeHeartbeatRepository>;
