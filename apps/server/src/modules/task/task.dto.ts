import { taskMessage, type Locale } from '@nimbus/contracts';
import type { TaskRecord } from './task.repository';

/** The Task of docs/api.md#tasks, its `message` in the caller's language; never the owner's id. */
export function toTaskDto(task: TaskRecord, locale: Locale) {
  return {
    kind: 'drive#task' as const,
    id: task.id,
    type: task.type,
    name: task.name,
    phase: task.phase,
    progress: task.progress,
    file_id: task.fileId,
    file_name: task.fileName,
    file_size: String(task.fileSize),
    message: task.messageKey === '' ? '' : taskMessage(task.messageKey, locale),
    params: task.params,
    status_size: String(task.statusSize),
    icon_link: '',
    created_time: task.createdAt,
    updated_time: task.updatedAt,
  };
}
