import { z } from 'zod';
import { defineEndpoint } from './endpoint';

const tags = ['operations'] as const;

export const healthSchema = z.object({ status: z.literal('ok') });

export const readinessSchema = z.object({
  status: z.literal('ready'),
  checks: z.record(z.string(), z.boolean()),
});

/** The site's own calls: whether the process is alive and whether it may take traffic. */
export const healthApi = {
  liveness: defineEndpoint({
    method: 'GET',
    path: '/healthz',
    summary: 'Liveness',
    tags,
    auth: 'visitor',
    answer: healthSchema,
  }),
  readiness: defineEndpoint({
    method: 'GET',
    path: '/readyz',
    summary: 'Readiness: the database and the web app answer',
    tags,
    auth: 'visitor',
    answer: readinessSchema,
  }),
} as const;
