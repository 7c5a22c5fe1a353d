import { defaultEventsPerMember } from '../event/event.service';
import { createShareAccess, type ShareServiceDeps } from './share-access';
import { createShareModerationService } from './share-moderation.service';
import { createShareOwnerService } from './share-owner.service';
import { createSavePlanner } from './share-save-plan';
import { createShareSaveQueueService } from './share-save-queue.service';
import { createShareSaveService } from './share-save.service';
import { createShareVisitorService } from './share-visitor.service';

export type {
  SharedFile,
  SharePageInput,
  ShareServiceDeps,
  Unreadable,
  Visitor,
} from './share-access';
export type { CreateShareInput, OwnedShare } from './share-owner.service';
export { decodeSharePageToken, parseShareFilters } from './share-owner.service';
export type { RestoreInput } from './share-save-plan';
export { restoreChunkItems } from './share-save-queue.service';
export { backgroundRestoreItems, type RestoreResult } from './share-save.service';
export type { LockedShare, OpenedShare, ShareZipResult } from './share-visitor.service';

/**
 * Shares (docs/api.md#shares), as four services over one access check: the owner's links,
 * opening and browsing them by visitors, saving them into one's drive by reference (in the call
 * or by the restore worker), reports and moderation. The routes and the content origin see them
 * as one.
 */
export function createShareService(deps: ShareServiceDeps) {
  const access = createShareAccess(deps);
  const planner = createSavePlanner({
    ...deps,
    eventsPerMember: deps.eventsPerMember ?? defaultEventsPerMember,
  });
  return {
    ...createShareOwnerService(deps, access),
    ...createShareVisitorService(deps, access),
    ...createShareSaveService(deps, access, planner),
    ...createShareSaveQueueService(deps, planner),
    ...createShareModerationService(deps),
  };
}

export type ShareService = ReturnType<typeof createShareService>;
