import fs from 'node:fs';
import path from 'node:path';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { NextIntlClientProvider, type AbstractIntlMessages } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { locales, type Locale } from '@nimbus/contracts';
import { StorageNoticeView } from '@/features/drive/storage-notice-view';
import { TaskLimitNoticeView } from './task-limit-notice-view';

const messagesDir = path.resolve(import.meta.dirname, '../../../../messages');

function messagesOf(locale: Locale): AbstractIntlMessages {
  const read = (name: string) =>
    JSON.parse(
      fs.readFileSync(path.join(messagesDir, locale, `${name}.json`), 'utf8'),
    ) as AbstractIntlMessages;
  return { offline: read('offline'), drive: read('drive') };
}

function render(locale: Locale, node: ReactNode): Promise<string> {
  return Promise.resolve(
    renderToStaticMarkup(
      createElement(NextIntlClientProvider, {
        locale,
        messages: messagesOf(locale),
        timeZone: 'UTC',
        children: node,
      }),
    ),
  );
}

describe('the over-the-free-task-limit notice', () => {
  it('says the limit and links to the membership page, in every locale', async () => {
    for (const locale of locales) {
      const html = await render(
        locale,
        createElement(TaskLimitNoticeView, {
          limit: 5,
          membershipHref: `/${locale}/drive/payment`,
        }),
      );
      expect(html, locale).toContain('data-testid="task-limit-notice"');
      expect(html, locale).toContain('role="status"');
      expect(html, locale).toContain(`href="/${locale}/drive/payment"`);
      expect(html, locale).toMatch(/\b5\b/);
    }
    const english = await render(
      'en-US',
      createElement(TaskLimitNoticeView, { limit: 5, membershipHref: '/drive/payment' }),
    );
    expect(english).toContain(
      'You&#x27;ve reached today&#x27;s limit of 5 offline downloads on the free plan.',
    );
    expect(english).toContain('Upgrade to Premium');
    const unknown = await render(
      'ja',
      createElement(TaskLimitNoticeView, { limit: undefined, membershipHref: '/ja/drive/payment' }),
    );
    expect(unknown).toContain('無料プランの本日のオフラインダウンロード上限に達しました');
  });
});

describe('the storage-full notice', () => {
  it('shows nothing while there is room, and tells full from over the limit with a way to more storage', async () => {
    expect(
      await render(
        'en-US',
        createElement(StorageNoticeView, { state: 'ok', upgradeHref: '/drive/payment/storage' }),
      ),
    ).toBe('');
    const full = await render(
      'en-US',
      createElement(StorageNoticeView, { state: 'full', upgradeHref: '/drive/payment/storage' }),
    );
    expect(full).toContain('data-state="full"');
    expect(full).toContain('Your storage is full.');
    expect(full).toContain('href="/drive/payment/storage"');
    const over = await render(
      'ru',
      createElement(StorageNoticeView, { state: 'over', upgradeHref: '/ru/drive/payment/storage' }),
    );
    expect(over).toContain('data-state="over"');
    expect(over).toContain('Вы используете больше места, чем включено в ваш тариф.');
    expect(over).toContain('Увеличить хранилище');
  });
});
