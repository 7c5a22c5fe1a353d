import { dialogActions } from '@nimbus/contracts';
import { describe, expect, it } from 'vitest';
import type { DialogActionRequest } from './dialog-action';
import {
  actionPlaces,
  maxActionFileIds,
  pathWithoutLocale,
  readDialogAction,
  stepOf,
} from './dialog-action';

const base = 'https://nimbus.example';

function read(path: string) {
  return readDialogAction(new URL(path, base));
}

describe('readDialogAction', () => {
  it('reads each action with its companion parameters and takes them off the address', () => {
    const task = read('/drive/all?action=show_task&task_id=t_1&view=list#top');
    expect(task?.request).toEqual({ action: 'show_task', taskId: 't_1' });
    expect(task?.rest.href).toBe(`${base}/drive/all?view=list#top`);

    expect(read('/drive/all?action=open_file&file_id=f1')?.request).toEqual({
      action: 'open_file',
      fileId: 'f1',
    });
    const highlight = read('/drive/all?action=highlight_files&file_id=a,b&file_id=c&file_id=a');
    expect(highlight?.request).toEqual({ action: 'highlight_files', fileIds: ['a', 'b', 'c'] });
    expect(highlight?.rest.href).toBe(`${base}/drive/all`);

    const create = read(
      `/drive/tasks?action=create_task&url=${encodeURIComponent('https://files.example/a.iso')}`,
    );
    expect(create?.request).toEqual({ action: 'create_task', url: 'https://files.example/a.iso' });
    expect(create?.rest.search).toBe('');

    expect(read('/?action=search&keyword=%20holiday%20photos%20')?.request).toEqual({
      action: 'search',
      keyword: 'holiday photos',
    });
    const invite = read('/ja/drive/all?action=show_invite_dialog&folder=f9');
    expect(invite?.request).toEqual({ action: 'show_invite_dialog' });
    expect(invite?.rest.href).toBe(`${base}/ja/drive/all?folder=f9`);
  });

  it('knows every dialog action', () => {
    for (const action of dialogActions) {
      expect(actionPlaces[action]).toBeDefined();
    }
    expect(Object.keys(actionPlaces).sort()).toEqual([...dialogActions].sort());
  });

  it('answers no request for unknown actions and leaves their address alone', () => {
    for (const href of [
      '/drive/all?action=fly',
      '/drive/all?action=toString',
      '/drive/all?action=__proto__',
      '/drive/all?action=SHOW_TASK&task_id=t1',
      '/drive/all?action=',
    ]) {
      const answer = read(href);
      expect(answer?.request).toBeUndefined();
      expect(answer?.known).toBe(false);
    }
    expect(read('/drive/all?view=list')).toBeUndefined();
  });

  it('refuses hostile or missing ids and texts: nothing is asked for', () => {
    for (const href of [
      '/drive/all?action=show_task',
      '/drive/all?action=show_task&task_id=',
      '/drive/all?action=show_task&task_id=../../v1/user/me',
      `/drive/all?action=show_task&task_id=${encodeURIComponent('<script>alert(1)</script>')}`,
      '/drive/all?action=open_file&file_id=a%00b',
      '/drive/all?action=open_file&file_id=a,b',
      '/drive/all?action=highlight_files&file_id=ok,%2F..%2Fx',
      `/drive/all?action=move_files&file_id=${'x'.repeat(129)}`,
      '/drive/all?action=highlight_files&file_id=',
      '/drive/all?action=search&keyword=%20%20',
      `/drive/tasks?action=create_task&url=${'a'.repeat(5000)}`,
    ]) {
      const answer = read(href);
      expect(answer?.request, href).toBeUndefined();
      expect(answer?.known, href).toBe(true);
      expect([...(answer?.rest.searchParams.keys() ?? [])], href).toEqual([]);
    }
    const many = Array.from({ length: maxActionFileIds + 1 }, (_, index) => `f${index}`).join(',');
    expect(read(`/drive/all?action=move_files&file_id=${many}`)?.request).toBeUndefined();
  });

  it('cleans control characters out of texts and bounds the search', () => {
    expect(read('/?action=search&keyword=a%0Ab%1Bc')?.request).toEqual({
      action: 'search',
      keyword: 'a b c',
    });
    const long = read(`/?action=search&keyword=${'k'.repeat(500)}`)?.request;
    expect(long?.action === 'search' && long.keyword.length).toBe(200);
    expect(read('/drive/tasks?action=create_task')?.request).toEqual({
      action: 'create_task',
      url: '',
    });
  });
});

describe('pathWithoutLocale', () => {
  it('drops the locale segment and a trailing slash', () => {
    expect(pathWithoutLocale('/ja/drive/all')).toBe('/drive/all');
    expect(pathWithoutLocale('/zh-TW/drive/tasks/')).toBe('/drive/tasks');
    expect(pathWithoutLocale('/drive/all')).toBe('/drive/all');
    expect(pathWithoutLocale('/ja')).toBe('/');
    expect(pathWithoutLocale('/')).toBe('/');
    expect(pathWithoutLocale('/xx/drive')).toBe('/xx/drive');
  });
});

describe('stepOf (the dispatch table)', () => {
  it('runs the drive actions on their page once signed in, and goes there from elsewhere', () => {
    const task = { action: 'show_task', taskId: 't1' } as const;
    expect(stepOf(task, '/drive/tasks', 'signed-in')).toEqual({ kind: 'run' });
    expect(stepOf(task, '/drive/tasks', 'unknown')).toEqual({ kind: 'wait' });
    expect(stepOf(task, '/drive/tasks', 'signed-out')).toEqual({ kind: 'wait' });
    expect(stepOf(task, '/drive/all', 'signed-in')).toEqual({ kind: 'go', path: '/drive/tasks' });
    expect(stepOf(task, '/', 'signed-out')).toEqual({ kind: 'go', path: '/drive/tasks' });
    const highlight: DialogActionRequest = { action: 'highlight_files', fileIds: ['a'] };
    expect(stepOf(highlight, '/drive/all', 'signed-in')).toEqual({ kind: 'run' });
    expect(stepOf(highlight, '/drive/recent', 'signed-in')).toEqual({
      kind: 'go',
      path: '/drive/all',
    });
    expect(stepOf({ action: 'create_task', url: '' }, '/drive/tasks', 'signed-in')).toEqual({
      kind: 'run',
    });
  });

  it('opens the usage dialogs on any page of the drive shell', () => {
    const storage = { action: 'show_storage_dialog' } as const;
    for (const path of [
      '/drive/all',
      '/drive/recent',
      '/drive/shares',
      '/drive/trash',
      '/drive/tasks',
    ]) {
      expect(stepOf(storage, path, 'signed-in')).toEqual({ kind: 'run' });
    }
    expect(stepOf(storage, '/drive/feedback', 'signed-in')).toEqual({
      kind: 'go',
      path: '/drive/all',
    });
    expect(stepOf({ action: 'show_traffic_dialog' }, '/', 'unknown')).toEqual({
      kind: 'go',
      path: '/drive/all',
    });
  });

  it('runs the page actions where the visitor is, and leaves the redeem box to the payment page', () => {
    for (const action of [
      'show_invite_dialog',
      'show_activity_dialog',
      'landing_page',
      'login_required',
    ] as const) {
      expect(stepOf({ action }, '/', 'signed-out')).toEqual({ kind: 'run' });
    }
    expect(stepOf({ action: 'search', keyword: 'x' }, '/help', 'unknown')).toEqual({ kind: 'run' });
    expect(stepOf({ action: 'open_redeem_box' }, '/drive/all', 'signed-in')).toEqual({
      kind: 'go',
      path: '/drive/payment',
    });
    expect(stepOf({ action: 'open_redeem_box' }, '/drive/payment', 'signed-in')).toEqual({
      kind: 'wait',
    });
  });
});
