import { taskSchema, taskTypeSchema } from '@nimbus/contracts';
import { z } from 'zod';

const idSchema = z.string().min(1).max(64);

/** `GET /drive/v1/tasks` query. */
export const listTasksQuerySchema = z.object({
  type: taskTypeSchema.optional().describe('Only tasks of this type; every type when absent'),
  filters: z
    .string()
    .max(8192)
    .optional()
    .describe('JSON: `{"phase": {"eq"|"in": "PHASE_TYPE_RUNNING,..."}, "id": {"in": "id1,id2"}}`'),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  page_token: z.string().max(8192).optional(),
  thumbnail_size: z.enum(['SIZE_SMALL', 'SIZE_MEDIUM', 'SIZE_LARGE']).optional(),
  with: z.string().max(256).optional(),
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

/** `DELETE /drive/v1/tasks` query: `task_ids` repeated (or comma-separated). */
export const deleteTasksQuerySchema = z.object({
  task_ids: z
    .union([z.string().max(8192), z.array(z.string().max(8192)).max(1000)])
    .transform((value) =>
      (Array.isArray(value) ? value : [value])
        .flatMap((item) => item.split(','))
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    )
    .pipe(z.array(idSchema).min(1).max(1000))
    .describe('Ids of the tasks to delete, repeated'),
  delete_files: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .describe('Also put the files the tasks made (offline, upload, restore, copy) in the trash'),
});

/** `PATCH /drive/v1/tasks/{id}`: pause or resume. */
export const patchTaskBodySchema = z.object({
  phase: z
    .enum(['PHASE_TYPE_PAUSED', 'PHASE_TYPE_PENDING'])
    .describe('PAUSED pauses a pending or running task; PENDING resumes a paused one'),
});
