import type { StatisticsRollupRepository } from './statistics-rollup.repository';

const dayMs = 86_400_000;

/**
 * The statistics rollup (housekeeping, once per fleet by its lease): each batch stores the
 * figures of the next finished UTC day not stored yet, from the site's first day on, and answers
 * 1, or 0 once every day before today is stored. Rows are stamped when they are written, so a
 * finished day's counts do not change and storing it again gives the same rows (offline tasks
 * count by their phase at the time).
 */
export function createStatisticsRollup(deps: {
  rollups: StatisticsRollupRepository;
  now: () => Date;
}) {
  return {
    async rollupNext(): Promise<number> {
      const last = await deps.rollups.lastRolled();
      const next =
        last === undefined
          ? await deps.rollups.firstDay()
          : new Date(Date.parse(`${last}T00:00:00.000Z`) + dayMs).toISOString().slice(0, 10);
      const today = deps.now().toISOString().slice(0, 10);
      if (next === undefined || next >= today) {
        return 0;
      }
      const from = `${next}T00:00:00.000Z`;
      const to = new Date(Date.parse(from) + dayMs).toISOString();
      await deps.rollups.store(next, await deps.rollups.count(from, to));
      return 1;
    },
  };
}

export type StatisticsRollup = ReturnType<typeof createStatisticsRollup>;
