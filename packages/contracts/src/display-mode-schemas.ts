import { z } from 'zod';
import { displayViewTypes } from './display-mode';
import { sortOrderSchema } from './enum-schemas';

/* The zod schemas of display modes (the rules and defaults: display-mode.ts). */

export const displayViewTypeSchema = z.enum(displayViewTypes);

/** The display mode of a member's own drive. */
export const displayModeSchema = z.object({
  /** The sort order by key name (`MODIFY_TIME_DESC`). */
  orderType: sortOrderSchema,
  /** Whether folders come before files whatever the sort order. */
  pinFoldersTop: z.boolean(),
  /** Whether the sort order applies to every folder rather than only the current one. */
  orderSettingGlobal: z.boolean(),
  viewType: displayViewTypeSchema,
  /** Whether the view type applies to every folder rather than only the current one. */
  viewSettingGlobal: z.boolean(),
});

/** The display mode of share pages: the same fields without the two Global flags. */
export const sharedDisplayModeSchema = displayModeSchema.omit({
  orderSettingGlobal: true,
  viewSettingGlobal: true,
});
