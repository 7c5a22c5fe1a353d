import { describe, expect, it } from 'vitest';
import { embedOriginOf, embeddedClickOf } from './embedded-links';

describe('embedOriginOf', () => {
  it('takes exactly an http(s) origin', () => {
    expect(embedOriginOf('https://parent.example')).toBe('https://parent.example');
    expect(embedOriginOf('https://parent.example/')).toBe('https://parent.example');
    expect(embedOriginOf('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
  });

  it('refuses anything that is not a proper origin', () => {
    for (const value of [
      null,
      '',
      '*',
      'null',
      'parent.example',
      'javascript:alert(1)',
      'data:text/html,x',
      'file:///etc/passwd',
      'https://parent.example/path',
      'https://parent.example?x=1',
      'https://parent.example#x',
      'https://user:pw@parent.example',
      'HTTPS://PARENT.EXAMPLE',
      'https://parent.example:443',
      'https://parent.example//',
      `https://${'a'.repeat(3000)}.example`,
    ]) {
      expect(embedOriginOf(value), String(value)).toBeUndefined();
    }
  });
});

describe('embeddedClickOf', () => {
  const page = 'https://nimbus.example/drive/all?origin=https%3A%2F%2Fparent.example';

  it('posts the intercepted actions of drive links, in any locale', () => {
    expect(embeddedClickOf('/drive/all?action=show_storage_dialog', page, '')).toEqual({
      kind: 'post',
      message: {
        type: 'nimbus:action',
        action: 'show_storage_dialog',
        href: 'https://nimbus.example/drive/all?action=show_storage_dialog',
      },
    });
    const ja = embeddedClickOf(
      'https://nimbus.example/ja/drive/tasks?action=create_task_now',
      page,
      '_self',
    );
    expect(ja.kind === 'post' && ja.message.action).toBe('create_task');
  });

  it('posts open_feedback for the feedback page', () => {
    const click = embeddedClickOf('/ko/drive/feedback', page, '');
    expect(click.kind === 'post' && click.message.action).toBe('open_feedback');
  });

  it('follows new-window links, pass-through actions, other pages and other sites', () => {
    for (const [href, target] of [
      ['/drive/all?action=show_storage_dialog', '_blank'],
      ['/drive/feedback', '_BLANK'],
      ['/drive/all?action=open_file&file_id=f1', ''],
      ['/drive/tasks?action=show_task&task_id=t1', ''],
      ['/drive/all?action=highlight_files&file_id=f1', ''],
      ['/drive/all?action=search&keyword=x', ''],
      ['/drive/all?action=unknown', ''],
      ['/drive/all', ''],
      ['/help?action=create_task', ''],
      ['https://elsewhere.example/drive/all?action=create_task', ''],
      ['http://[::1', ''],
    ] as const) {
      expect(embeddedClickOf(href, page, target), href).toEqual({ kind: 'follow' });
    }
  });
});
