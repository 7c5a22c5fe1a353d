import { locales } from '@nimbus/contracts';
import { describe, expect, it } from 'vitest';
import { publicPageMetadata } from './public-page-metadata';

const publicUrl = 'https://drive.example.org';

describe('public page metadata', () => {
  const metadata = publicPageMetadata({
    publicUrl,
    locale: 'ru',
    path: '/faq',
    title: 'Вопросы и ответы',
    description: 'Ответы на частые вопросы.',
  });

  it('names the page in its own locale as canonical, with every locale as alternate', () => {
    expect(metadata.alternates?.canonical).toBe('https://drive.example.org/ru/faq');
    expect(Object.keys(metadata.alternates?.languages ?? {})).toEqual([...locales, 'x-default']);
    expect(metadata.alternates?.languages).toMatchObject({
      'en-US': 'https://drive.example.org/faq',
      'zh-TW': 'https://drive.example.org/zh-TW/faq',
      'x-default': 'https://drive.example.org/faq',
    });
  });

  it('gives link previews the title, description, address and language', () => {
    expect(metadata.openGraph).toMatchObject({
      type: 'website',
      siteName: 'Nimbus',
      title: 'Вопросы и ответы',
      description: 'Ответы на частые вопросы.',
      url: 'https://drive.example.org/ru/faq',
      locale: 'ru_RU',
    });
    expect(metadata.openGraph?.alternateLocale).toHaveLength(locales.length - 1);
    expect(metadata.twitter).toMatchObject({ card: 'summary', title: 'Вопросы и ответы' });
  });

  it('points the home page of the default locale at the site root', () => {
    const home = publicPageMetadata({
      publicUrl,
      locale: 'en-US',
      path: '/',
      title: 'Nimbus',
      description: 'A drive.',
    });
    expect(home.alternates?.canonical).toBe('https://drive.example.org/');
    expect(home.alternates?.languages).toMatchObject({ ja: 'https://drive.example.org/ja' });
  });
});
