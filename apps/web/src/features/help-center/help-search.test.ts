import { describe, expect, it } from 'vitest';
import { helpQueryWords, maxHelpQueryLength, searchHelpArticles } from './help-search';

const articles = [
  {
    key: 'share',
    title: 'Create a share link',
    body: 'Select files in your drive and choose Share. You can add a pass code.',
  },
  {
    key: 'upload',
    title: 'Upload files',
    body: 'Choose Upload files. Large uploads are sent in pieces; a share link is not needed.',
  },
  {
    key: 'ja',
    title: '共有リンクを作成する',
    body: 'ドライブでファイルを選び、「共有」を選びます。パスコードを付けられます。',
  },
  { key: 'full-width', title: 'ＷｅｂＤＡＶ', body: 'Ｆｉｎｄｅｒ で開く' },
];

describe('searchHelpArticles', () => {
  it('finds articles holding every word, title matches first, in the table’s order', () => {
    expect(searchHelpArticles('share LINK', articles).map((hit) => hit.key)).toEqual([
      'share',
      'upload',
    ]);
    expect(searchHelpArticles('pass code', articles).map((hit) => hit.key)).toEqual(['share']);
    expect(searchHelpArticles('pass torrent', articles)).toEqual([]);
  });

  it('matches substrings, so Chinese, Japanese and Korean text needs no spaces', () => {
    expect(searchHelpArticles('パスコード', articles).map((hit) => hit.key)).toEqual(['ja']);
    expect(searchHelpArticles('共有', articles).map((hit) => hit.key)).toEqual(['ja']);
  });

  it('folds full-width letters and case before comparing', () => {
    expect(searchHelpArticles('webdav finder', articles).map((hit) => hit.key)).toEqual([
      'full-width',
    ]);
  });

  it('answers an excerpt around the first match', () => {
    const long = {
      key: 'long',
      title: 'Long',
      body: `${'word '.repeat(100)}needle ${'tail '.repeat(100)}`,
    };
    const [hit] = searchHelpArticles('needle', [long]);
    expect(hit?.excerpt).toMatch(/^….*needle.*…$/u);
    expect(hit?.excerpt.length).toBeLessThan(260);
  });

  it('searches nothing for an empty query and at most the longest query', () => {
    expect(searchHelpArticles('   ', articles)).toEqual([]);
    expect(helpQueryWords(' a  b A ')).toEqual(['a', 'b']);
    const long = `share ${'x'.repeat(maxHelpQueryLength)}`;
    expect(searchHelpArticles(long, articles)).toEqual([]);
  });
});
