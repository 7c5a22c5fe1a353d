import { z } from 'zod';
import {
  analyticsClientTypes,
  compensationActivityTypes,
  deviceTypes,
  dialogActions,
  downloadChannels,
  driveObjectKinds,
  entrySources,
  eventTypes,
  fileCategories,
  folderTypes,
  internalEvents,
  loginResults,
  loginScenes,
  parseSortOrder,
  passCodeOptions,
  platforms,
  promptSurfaceTypes,
  regionKinds,
  restoreStatuses,
  sharePageScenes,
  shareStatuses,
  sortOrderKeys,
  sortOrderTexts,
  taskPhases,
  taskSources,
  taskTypes,
  thumbnailSizes,
  uploadTypes,
  userSettings,
  viewTypes,
} from './enums';
import type { DeviceType, SortOrder } from './enums';
import { vipStatuses } from './vip-status';

/* The zod schemas of the enumerations of enums.ts, one `xxxSchema` per list. */

export const sortOrderSchema = z.enum(sortOrderKeys as [SortOrder, ...SortOrder[]]);

export const sortOrderTextSchema = z.enum(sortOrderTexts);

/** A query or body value holding a sort order in any notation, parsed to its key name. */
export const sortOrderParamSchema = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const order = parseSortOrder(value);
  if (order === undefined) {
    ctx.addIssue({
      code: 'custom',
      message: `unknown sort order; use one of ${[...sortOrderKeys, ...sortOrderTexts].join(', ')} or a numeric code`,
    });
    return z.NEVER;
  }
  return order;
});

export const viewTypeSchema = z.enum(viewTypes);

export const taskPhaseSchema = z.enum(taskPhases);

export const taskTypeSchema = z.enum(taskTypes);

export const uploadTypeSchema = z.enum(uploadTypes);

export const fileCategorySchema = z.enum(fileCategories);

export const eventTypeSchema = z.enum(eventTypes);

export const folderTypeSchema = z.enum(folderTypes);

export const driveObjectKindSchema = z.enum(driveObjectKinds);

export const thumbnailSizeSchema = z.enum(thumbnailSizes);

export const shareStatusSchema = z.enum(shareStatuses);

export const restoreStatusSchema = z.enum(restoreStatuses);

export const passCodeOptionSchema = z.enum(passCodeOptions);

export const sharePageSceneSchema = z.enum(sharePageScenes);

export const dialogActionSchema = z.enum(dialogActions);

export const deviceTypeSchema = z.enum(Object.keys(deviceTypes) as [DeviceType, ...DeviceType[]]);

export const platformSchema = z.enum(platforms);

export const downloadChannelSchema = z.enum(downloadChannels);

export const analyticsClientTypeSchema = z.enum(analyticsClientTypes);

export const regionKindSchema = z.enum(regionKinds);

export const entrySourceSchema = z.enum(entrySources);

export const taskSourceSchema = z.enum(taskSources);

export const promptSurfaceTypeSchema = z.enum(promptSurfaceTypes);

export const loginResultSchema = z.enum(loginResults);

export const loginSceneSchema = z.enum(loginScenes);

/** The VIP statuses (`vipStatuses`, `isPremiumStatus`) live in the zod-free `vip-status.ts`. */
/** The VIP statuses (`vipStatuses`, `isPremiumStatus`) live in the zod-free `vip-status.ts`. */
export const vipStatusSchema = z.enum(vipStatuses);

export const compensationActivityTypeSchema = z.enum(compensationActivityTypes);

export const userSettingSchema = z.enum(userSettings);

export const internalEventSchema = z.enum(internalEvents);
