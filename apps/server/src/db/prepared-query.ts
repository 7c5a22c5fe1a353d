import type { CompiledQuery, Compilable, DialectAdapter, Kysely } from 'kysely';

/** Stands for a value in a query built once; replaced by the call's value when it runs. */
class Placeholder {
  constructor(readonly name: string) {}
}

/** The SQL of a prepared query and where its values go (what the SQL snapshots show). */
export interface PreparedSql {
  sql: string;
  /** The value's name at each parameter position, or the query's own constant there. */
  parameters: unknown[];
}

interface Compiled<Row> {
  query: CompiledQuery<Row>;
  /** The value's name at each parameter position; null where the query holds a constant. */
  slots: (string | null)[];
}

/**
 * A query of a hot path (run on every signed-in call, every upload), built and compiled once per
 * database instead of on every run: building and compiling a small Kysely query costs tens of
 * microseconds, several times what SQLite takes to run it. `build` receives stand-ins for the
 * values, which must be used whole (compared, inserted), not spread into `in` lists or inlined.
 * The query runs through `executeQuery`, so logging and transactions work as for any other.
 */
export function preparedQuery<DB, Values extends Record<string, unknown>, Row>(
  build: (db: Kysely<DB>, values: Values) => Compilable<Row>,
) {
  // The dialect's adapter decides the SQL; a database and its transactions share it.
  const compiled = new WeakMap<DialectAdapter, Compiled<Row>>();

  function compiledFor(db: Kysely<DB>, values: Values): Compiled<Row> {
    const adapter = db.getExecutor().adapter;
    const known = compiled.get(adapter);
    if (known) {
      return known;
    }
    const names = Object.keys(values);
    const stand = Object.fromEntries(names.map((name) => [name, new Placeholder(name)]));
    const query = build(db, stand as Values).compile();
    const slots = query.parameters.map((value) =>
      value instanceof Placeholder ? value.name : null,
    );
    const unused = names.filter((name) => !slots.includes(name));
    if (unused.length > 0) {
      throw new Error(`A prepared query does not take its values ${unused.join(', ')}`);
    }
    const entry = { query, slots };
    compiled.set(adapter, entry);
    return entry;
  }

  async function run(db: Kysely<DB>, values: Values) {
    const { query, slots } = compiledFor(db, values);
    const parameters = query.parameters.map((constant, index) => {
      const name = slots[index];
      return name === null || name === undefined ? constant : values[name];
    });
    return db.executeQuery<Row>({ ...query, parameters });
  }

  return {
    /** Runs the query on `db` (a database or a transaction) with `values`; answers its rows. */
    async execute(db: Kysely<DB>, values: Values): Promise<Row[]> {
      return (await run(db, values)).rows;
    },

    /** Runs an insert, update or delete; answers how many rows it changed. */
    async executeChanges(db: Kysely<DB>, values: Values): Promise<bigint> {
      return (await run(db, values)).numAffectedRows ?? 0n;
    },

    /** The SQL on `db`, each parameter shown as `:name` or as the query's constant. */
    sqlOf(db: Kysely<DB>, values: Values): PreparedSql {
      const { query, slots } = compiledFor(db, values);
      return {
        sql: query.sql,
        parameters: query.parameters.map((constant, index) => {
          const name = slots[index];
          return name === null || name === undefined ? constant : `:${name}`;
        }),
      };
    },
  };
}
