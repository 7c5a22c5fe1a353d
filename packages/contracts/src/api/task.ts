import { z } from 'zod';
import { listLimitSchema } from './paging';
import { taskPhaseSchema, taskTypeSchema } from '../enum-schemas';
import { defineEndpoint } from './endpoint';
import { fileSchema } from './file';

const idSchema = z.string().min(1).max(64);

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
    reference_resource: fileSchema
      .optional()
      .describe(
        'The File the task made or worked on (`file_id`), when the listing asked `with=reference_resource` and it is still there',
      ),
  })
  .describe('A task (docs/api.md#tasks)');
export type Task = z.infer<typeof taskSchema>;

/** `GET /drive/v1/tasks` query. */
export const listTasksQuerySchema = z.object({
  type: taskTypeSchema.optional().describe('Only tasks of this type; every type when absent'),
  filters: z
    .string()
    .max(8192)
    .optional()
    .describe('JSON: `{"phase": {"eq"|"in": "PHASE_TYPE_RUNNING,..."}, "id": {"in": "id1,id2"}}`'),
  limit: listLimitSchema,
  page_token: z.string().max(8192).optional(),
  thumbnail_size: z.enum(['SIZE_SMALL', 'SIZE_MEDIUM', 'SIZE_LARGE']).optional(),
  with: z
    .string()
    .max(256)
    .optional()
    .describe(
      "Comma-separated extras: `reference_resource` adds each task's File (with its thumbnail) as `reference_resource`",
    ),
});

export const taskListSchema = z.object({
  tasks: z.array(taskSchema),
  next_page_token: z.string(),
  expires_in: z
    .number()
    .int()
    .describe('Seconds until polling again is useful: short while a listed task runs'),
});

export const taskIdParamsSchema = z.object({ id: idSchema });

/** Task ids as a query gives them: repeated, comma-separated or both. */
const taskIdsQuerySchema = z
  .union([z.string().max(8192), z.array(z.string().max(8192)).max(1000)])
  .transform((value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((item) => item.split(','))
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  )
  .pipe(z.array(idSchema).max(1000));

/**
 * `DELETE /drive/v1/tasks` query: `task_ids` repeated (or comma-separated), or `task_ids[]` as
 * clients that write arrays with brackets send it; together they name 1 to 1000 tasks (the route
 * reads both).
 */
export const deleteTasksQuerySchema = z
  .object({
    task_ids: taskIdsQuerySchema.optional().describe('Ids of the tasks to delete, repeated'),
    'task_ids[]': taskIdsQuerySchema
      .optional()
      .describe('Another name of `task_ids`, as clients that write arrays with brackets send it'),
    delete_files: z
      .enum(['true', 'false', '1', '0'])
      .optional()
      .describe('Also put the files the tasks made (offline, upload, restore, copy) in the trash'),
  })
  .superRefine((query, context) => {
    const count = (query.task_ids?.length ?? 0) + (query['task_ids[]']?.length ?? 0);
    if (count === 0 || count > 1000) {
      context.addIssue({
        code: 'custom',
        path: ['task_ids'],
        message: 'Expected 1 to 1000 task ids',
      });
    }
  });

/** `PATCH /drive/v1/tasks/{id}`: pause or resume. */
export const patchTaskBodySchema = z.object({
  phase: z
    .enum(['PHASE_TYPE_PAUSED', 'PHASE_TYPE_PENDING'])
    .describe('PAUSED pauses a pending or running task; PENDING resumes a paused one'),
});
export type TaskList = z.infer<typeof taskListSchema>;

const tags = ['tasks'] as const;

/** A member's tasks (docs/api.md#tasks). */
export const taskApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/drive/v1/tasks',
    summary: "A page of the member's tasks, newest first",
    tags,
    auth: 'member',
    query: listTasksQuerySchema,
    answer: taskListSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/drive/v1/tasks/:id',
    summary: "One task; another member's id is `not_found`",
    tags,
    auth: 'member',
    params: taskIdParamsSchema,
    answer: taskSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/drive/v1/tasks',
    summary: "Delete tasks (every id must be the member's), optionally with the files they made",
    tags,
    auth: 'member',
    query: deleteTasksQuerySchema,
    answer: z.object({}),
  }),
  setPhase: defineEndpoint({
    method: 'PATCH',
    path: '/drive/v1/tasks/:id',
    summary:
      'Pause or resume a task that runs in the background (offline); others answer `task_not_pausable`',
    tags,
    auth: 'member',
    params: taskIdParamsSchema,
    body: patchTaskBodySchema,
    answer: taskSchema,
  }),
} as const;
