import { describe, expect, it } from 'vitest';
import { analyticsUserTypeOf, isPremiumStatus } from './vip-status';
import {
  defaultDeviceTypeCode,
  defaultSortOrder,
  defaultThumbnailSize,
  deviceTypeCodeOf,
  deviceTypes,
  dialogActions,
  embeddedActionOf,
  embeddedInterceptedActions,
  embeddedPassThroughActions,
  isFinalTaskPhase,
  isSortOrder,
  isViewType,
  loginSceneOf,
  parseSortOrder,
  shareStatuses,
  sortOrderCodeOf,
  sortOrderFromCode,
  sortOrderFromText,
  sortOrderKeys,
  sortOrders,
  sortOrderTexts,
  sortOrderToText,
} from './enums';
import {
  driveObjectKindSchema,
  fileCategorySchema,
  loginResultSchema,
  restoreStatusSchema,
  shareStatusSchema,
  sortOrderParamSchema,
  sortOrderSchema,
  taskPhaseSchema,
  taskTypeSchema,
  thumbnailSizeSchema,
  uploadTypeSchema,
  viewTypeSchema,
} from './enum-schemas';

describe('sort orders', () => {
  it('numbers the orders as docs/product.md#entities does, name orders 1 and 2', () => {
    expect(sortOrders).toEqual({
      NAME_ASC: 1,
      NAME_DESC: 2,
      TYPE_DESC: 3,
      MODIFY_TIME_ASC: 5,
      MODIFY_TIME_DESC: 6,
      SIZE_ASC: 7,
      SIZE_DESC: 8,
    });
    expect(defaultSortOrder).toBe('MODIFY_TIME_DESC');
  });

  it('converts between key names and codes both ways', () => {
    for (const order of sortOrderKeys) {
      expect(sortOrderFromCode(sortOrderCodeOf(order))).toBe(order);
    }
    expect(sortOrderFromCode(4)).toBeUndefined();
    expect(sortOrderFromCode(0)).toBeUndefined();
  });

  it('converts between key names and text notation both ways', () => {
    expect(sortOrderToText('MODIFY_TIME_DESC')).toBe('mod_desc');
    expect(sortOrderToText('TYPE_DESC')).toBeUndefined();
    for (const text of sortOrderTexts) {
      expect(sortOrderToText(sortOrderFromText(text))).toBe(text);
    }
  });

  it('parses every notation, ignoring case and blanks', () => {
    expect(parseSortOrder('NAME_ASC')).toBe('NAME_ASC');
    expect(parseSortOrder('size_desc')).toBe('SIZE_DESC');
    expect(parseSortOrder(' Mod_Asc ')).toBe('MODIFY_TIME_ASC');
    expect(parseSortOrder('modify_time_desc')).toBe('MODIFY_TIME_DESC');
    expect(parseSortOrder(6)).toBe('MODIFY_TIME_DESC');
    expect(parseSortOrder('3')).toBe('TYPE_DESC');
  });

  it('rejects anything else', () => {
    for (const value of [4, 6.5, '4', '', 'newest', null, undefined, {}, 'constructor', '06x']) {
      expect(parseSortOrder(value)).toBeUndefined();
    }
  });

  it('has a guard and schemas that agree', () => {
    expect(isSortOrder('SIZE_ASC')).toBe(true);
    expect(isSortOrder('size_asc')).toBe(false);
    expect(isSortOrder('toString')).toBe(false);
    expect(sortOrderSchema.safeParse('SIZE_ASC').success).toBe(true);
    expect(sortOrderSchema.safeParse('size_asc').success).toBe(false);
  });

  it('parses a query value in either notation to the key name', () => {
    expect(sortOrderParamSchema.parse('name_desc')).toBe('NAME_DESC');
    expect(sortOrderParamSchema.parse('7')).toBe('SIZE_ASC');
    expect(sortOrderParamSchema.parse(8)).toBe('SIZE_DESC');
    const failure = sortOrderParamSchema.safeParse('sideways');
    expect(failure.success).toBe(false);
    expect(failure.error?.issues[0]?.message).toContain('unknown sort order');
  });
});

describe('plain enumerations', () => {
  it('accept their members and nothing else', () => {
    expect(viewTypeSchema.options).toEqual(['list', 'grid', 'single', 'flow']);
    expect(isViewType('flow')).toBe(true);
    expect(isViewType('table')).toBe(false);
    expect(taskPhaseSchema.safeParse('PHASE_TYPE_UNKNOW').success).toBe(true);
    expect(taskPhaseSchema.safeParse('PHASE_TYPE_UNKNOWN').success).toBe(false);
    expect(restoreStatusSchema.options).toEqual([
      'RESTORE_UNKNOWN',
      'RESTORE_START',
      'RESTORE_COMPLETE',
    ]);
    expect(shareStatuses[0]).toBe('OK');
    expect(shareStatusSchema.safeParse('PASS_CODE_EMPTY').success).toBe(true);
    expect(shareStatusSchema.options).toHaveLength(11);
    expect(loginResultSchema.options).toEqual(['success', 'init', 'toget', 'empty']);
    expect(driveObjectKindSchema.safeParse('drive#fileList').success).toBe(true);
    expect(fileCategorySchema.options).toEqual([
      'VIDEO',
      'AUDIO',
      'IMAGE',
      'ARCHIVE',
      'TEXT',
      'DOCUMENT',
      'OTHER',
    ]);
    expect(uploadTypeSchema.safeParse('UPLOAD_TYPE_FORM').success).toBe(true);
    expect(taskTypeSchema.options).toEqual([
      'offline',
      'restore',
      'copy',
      'move',
      'trash',
      'delete',
      'upload',
    ]);
    expect(thumbnailSizeSchema.options).toEqual(['SIZE_SMALL', 'SIZE_MEDIUM', 'SIZE_LARGE']);
    expect(defaultThumbnailSize).toBe('SIZE_LARGE');
  });

  it('knows which task phases are final', () => {
    expect(isFinalTaskPhase('PHASE_TYPE_COMPLETE')).toBe(true);
    expect(isFinalTaskPhase('PHASE_TYPE_ERROR')).toBe(true);
    expect(isFinalTaskPhase('PHASE_TYPE_PAUSED')).toBe(false);
  });
});

describe('device types', () => {
  it('uses the device type codes with WEB as the default', () => {
    expect(deviceTypes).toEqual({ PC: 0, WEB: 1, WAP: 3, MAC: 4, ANDROID: 10, LINUX: 12 });
    expect(defaultDeviceTypeCode).toBe(1);
    expect(deviceTypeCodeOf('android')).toBe(10);
    expect(deviceTypeCodeOf('PC')).toBe(0);
    expect(deviceTypeCodeOf('toString')).toBe(1);
    expect(deviceTypeCodeOf(undefined)).toBe(1);
  });
});

describe('membership and login helpers', () => {
  it('is premium only when the VIP status is ok', () => {
    expect(isPremiumStatus('ok')).toBe(true);
    expect(isPremiumStatus('invalid')).toBe(false);
    expect(isPremiumStatus(undefined)).toBe(false);
    expect(analyticsUserTypeOf(true)).toBe(2);
    expect(analyticsUserTypeOf(false)).toBe(1);
  });

  it('remembers share pages as the login scene when the URL contains /s/', () => {
    expect(loginSceneOf('https://nimbus.example/s/abc')).toBe('share_page');
    expect(loginSceneOf('https://nimbus.example/ja/drive/all')).toBe('official_page');
  });
});

describe('embedded-link interception', () => {
  const base = 'https://nimbus.example/drive/all?origin=https://parent.example';

  it('lets the four pass-through actions be followed', () => {
    expect(embeddedPassThroughActions).toEqual([
      'open_file',
      'show_task',
      'highlight_files',
      'search',
    ]);
    for (const action of embeddedPassThroughActions) {
      expect(embeddedActionOf(`/drive/all?action=${action}`, base)).toBeUndefined();
      expect(embeddedInterceptedActions).not.toContain(action);
    }
    expect(embeddedInterceptedActions).toHaveLength(dialogActions.length - 4);
  });

  it('intercepts a drive link whose action starts with an intercepted action', () => {
    expect(embeddedActionOf('/drive/all?action=create_task', base)).toBe('create_task');
    expect(embeddedActionOf('/drive/all?action=show_storage_dialog&x=1', base)).toBe(
      'show_storage_dialog',
    );
    expect(embeddedActionOf('https://nimbus.example/drive?action=login_required_now')).toBe(
      'login_required',
    );
    expect(embeddedActionOf('recent?action=move_files', base)).toBe('move_files');
  });

  it('ignores links that do not parse, leave /drive or carry no known action', () => {
    expect(embeddedActionOf('http://[::1', base)).toBeUndefined();
    expect(embeddedActionOf('/drive/all?action=create_task')).toBeUndefined();
    expect(embeddedActionOf('/help?action=create_task', base)).toBeUndefined();
    expect(embeddedActionOf('/driver?action=create_task', base)).toBeUndefined();
    expect(embeddedActionOf('/drive/all?action=fly', base)).toBeUndefined();
    expect(embeddedActionOf('/drive/all', base)).toBeUndefined();
    expect(embeddedActionOf('/drive/all?action=xcreate_task', base)).toBeUndefined();
  });

  it('sends open_feedback for a link to the feedback page', () => {
    expect(embeddedActionOf('/drive/feedback', base)).toBe('open_feedback');
    expect(embeddedActionOf('/drive/feedback/', base)).toBe('open_feedback');
  });
});
