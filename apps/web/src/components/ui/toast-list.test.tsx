import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ToastList } from './toast-list';

describe('the toast region', () => {
  it('is named in the page’s language, with the key that reaches it', () => {
    const html = renderToStaticMarkup(
      createElement(ToastList, { label: 'Уведомления', closeLabel: 'Закрыть уведомление' }),
    );
    expect(html).toContain('role="region" aria-label="Уведомления (F8)"');
    expect(html).not.toContain('Notifications');
  });
});
