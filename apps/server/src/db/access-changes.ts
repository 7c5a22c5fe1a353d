import {
  ColumnNode,
  DeleteQueryNode,
  TableNode,
  UpdateQueryNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/** The tables whose changes may end a member's access: their sessions and their accounts. */
const accessTables = new Set(['sessions', 'users']);

/** Session columns written on every use or refresh, which never take access away. */
const harmlessSessionColumns = new Set(['last_used_at', 'expires_at']);

function tableNameOf(node: OperationNode | undefined): string | undefined {
  return node !== undefined && TableNode.is(node) ? node.table.identifier.name : undefined;
}

function columnsSet(node: UpdateQueryNode): string[] {
  return (node.updates ?? []).map((update) =>
    ColumnNode.is(update.column) ? update.column.column.name : '',
  );
}

/** True for a statement that may revoke a session or change a member's status. */
function endsAccess(node: RootOperationNode): boolean {
  if (UpdateQueryNode.is(node)) {
    const table = tableNameOf(node.table);
    if (table === 'sessions') {
      return !columnsSet(node).every((column) => harmlessSessionColumns.has(column));
    }
    return table !== undefined && accessTables.has(table);
  }
  if (DeleteQueryNode.is(node)) {
    return node.from.froms.some((from) => accessTables.has(tableNameOf(from) ?? ''));
  }
  return false;
}

/**
 * Counts the statements of this process that may end a member's access: an update or delete of
 * `users`, or of `sessions` beyond its use stamps. A cache of verified sessions keeps an entry
 * only while this count stands still, so a sign-out, a revoked session or a blocked member
 * takes effect on this process's next call. The count moves when such a statement is compiled
 * and again once it has run, so a check that read the database in between is not kept either.
 */
export function createAccessChanges() {
  let count = 0;
  const pending = new WeakSet<QueryId>();
  const listeners: Array<() => void> = [];
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
      // Every query passes here: reads and inserts leave at the first test.
      if (node.kind !== 'UpdateQueryNode' && node.kind !== 'DeleteQueryNode') {
        return node;
      }
      if (endsAccess(node)) {
        count += 1;
        pending.add(queryId);
      }
      return node;
    },
    transformResult({
      queryId,
      result,
    }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      if (pending.delete(queryId)) {
        count += 1;
        for (const listener of listeners) {
          listener();
        }
      }
      return Promise.resolve(result);
    },
  };
  return {
    plugin,
    /** How many statements that may end access this process has run so far. */
    count: () => count,
    /** Calls `listener` after each such statement has run (to tell the other nodes of a fleet). */
    listen: (listener: () => void): void => {
      listeners.push(listener);
    },
  };
}

export type AccessChanges = ReturnType<typeof createAccessChanges>;
