/** The prefix of the cache keys of the task list; a new or changed task invalidates them. */
export const tasksQueryKey = ['offline', 'tasks'] as const;
