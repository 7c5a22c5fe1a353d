import { z } from 'zod';
import { taskPhaseSchema, taskTypeSchema } from '../enums';

/** The Task of docs/api.md#tasks. */
export const taskSchema = z
  .object({
    kind: z.literal('drive#task'),
    id: z.string(),
    type: taskTypeSchema.describe('offline, restore, copy, move, trash, delete or upload'),
    name: z
      .string()
      .describe("The first item's name, or the name of the file an offline task fetches"),
    phase: taskPhaseSchema,
    progress: z.number().int().min(0).max(100),
    file_id: z.string().describe('The file the task made or worked on; `""` when none'),
    file_name: z.string(),
    file_size: z.string().describe('Bytes, as a decimal string'),
    message: z
      .string()
      .describe(
        'Why the task stopped or failed, in the caller\'s language; `""` when nothing to say',
      ),
    params: z
      .record(z.string(), z.string())
      .describe(
        'offline: url, speed, eta; restore: share_id, trace_file_ids; move/copy: parent_id',
      ),
    status_size: z
      .string()
      .describe('How many items the task covers (a decimal string, as every count)'),
    icon_link: z.string(),
    created_time: z.string(),
    updated_time: z.string(),
  })
  .describe('A task (docs/api.md#tasks)');
export type Task = z.infer<typeof taskSchema>;
