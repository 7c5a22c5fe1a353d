import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema';

/** The transaction a piece of work runs in, while it is open. */
interface Ambient {
  trx: Transaction<Database>;
  open: boolean;
  savepoints: number;
}

/**
 * A transaction that spans several services' calls without passing it along: `transaction(fn)`
 * runs `fn` with every query of the database handle (through whichever repository) inside one
 * transaction, committed when `fn` resolves and rolled back when it throws. The operator
 * console runs an action and its audit row this way (docs/api.md#operator-console), so an
 * action never happens without its row.
 */
export function ambientTransactions(db: Kysely<Database>) {
  const current = new AsyncLocalStorage<Ambient>();

  /**
   * `db.transaction()` inside an ambient transaction: the work runs in a savepoint of it, so a
   * failure undoes only that work (as a transaction of its own would) and the rest goes on.
   */
  function joined(ambient: Ambient) {
    const builder = {
      setIsolationLevel: () => builder,
      setAccessMode: () => builder,
      async execute<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
        const name = sql.id(`nested_${++ambient.savepoints}`);
        await sql`savepoint ${name}`.execute(ambient.trx);
        try {
          const result = await work(ambient.trx);
          await sql`release savepoint ${name}`.execute(ambient.trx);
          return result;
        } catch (error) {
          await sql`rollback to savepoint ${name}`.execute(ambient.trx);
          await sql`release savepoint ${name}`.execute(ambient.trx);
          throw error;
        }
      },
    };
    return builder;
  }

  /** A property of the handle's target; a method keeps the target as its `this`. */
  function bound(target: Kysely<Database>, property: string | symbol): unknown {
    const value: unknown = Reflect.get(target, property);
    return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
  }

  const handle = new Proxy(db, {
    get(target, property) {
      const ambient = current.getStore();
      if (ambient?.open) {
        if (property === 'transaction') {
          return () => joined(ambient);
        }
        return bound(ambient.trx, property);
      }
      return bound(target, property);
    },
  });

  return {
    /** The database handle that every repository is given: it follows the ambient transaction. */
    db: handle,

    /**
     * Runs `work` in one transaction of every query made through `db` meanwhile (joining the
     * ambient one, in a savepoint, when there is one already).
     */
    transaction: <T>(work: () => Promise<T>): Promise<T> =>
      handle.transaction().execute(async (trx) => {
        const outer = current.getStore();
        if (outer?.open) {
          return work();
        }
        const ambient: Ambient = { trx, open: true, savepoints: 0 };
        try {
          return await current.run(ambient, work);
        } finally {
          // Work left running in the background after `work` uses the database on its own.
          ambient.open = false;
        }
      }),
  };
}
