import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, SettingHistoryTable } from '../../db/schema';

export type SettingHistoryRow = Selectable<SettingHistoryTable> & { actor_email: string };

/** A position in the newest-first order: after this row. */
export interface HistoryPosition {
  createdAt: string;
  id: string;
}

/** The changes of the site settings made in the console (0054): inserted and listed only. */
export function createSettingHistoryRepository(db: Kysely<Database>) {
  const rows = () =>
    db
      .selectFrom('setting_history as h')
      .leftJoin('users as u', 'u.id', 'h.actor_id')
      .select([
        'h.id',
        'h.name',
        'h.before',
        'h.after',
        'h.actor_id',
        'h.reason',
        'h.reverts',
        'h.created_at',
      ])
      .select((eb) => eb.fn.coalesce('u.email', eb.val('')).as('actor_email'));

  return {
    async insert(row: Insertable<SettingHistoryTable>): Promise<void> {
      await db.insertInto('setting_history').values(row).execute();
    },

    async find(id: string): Promise<SettingHistoryRow | undefined> {
      return rows().where('h.id', '=', id).executeTakeFirst();
    },

    /** Changes newest first (of one setting when `name` is given), after `position`. */
    async list(
      name: string | undefined,
      position: HistoryPosition | undefined,
      limit: number,
    ): Promise<SettingHistoryRow[]> {
      let query = rows();
      if (name !== undefined) {
        query = query.where('h.name', '=', name);
      }
      if (position !== undefined) {
        query = query.where((eb) =>
          eb.or([
            eb('h.created_at', '<', position.createdAt),
            eb.and([eb('h.created_at', '=', position.createdAt), eb('h.id', '<', position.id)]),
          ]),
        );
      }
      return query.orderBy('h.created_at', 'desc').orderBy('h.id', 'desc').limit(limit).execute();
    },
  };
}

export type SettingHistoryRepository = ReturnType<typeof createSettingHistoryRepository>;
