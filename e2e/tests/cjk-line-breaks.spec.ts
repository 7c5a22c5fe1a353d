import { expect, test, type Page } from '@playwright/test';

/** The words of the Japanese home page's headline that must never be cut across two lines. */
const words = ['リンク', 'ファイル', '安心', 'ひとつ', '場所'];

/** The words of `selector`'s text whose characters do not all sit on one line. */
async function splitWords(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluate((element, wanted) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const split: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const word of wanted) {
        for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
          const tops = new Set<number>();
          for (let offset = at; offset < at + word.length; offset += 1) {
            const range = document.createRange();
            range.setStart(node, offset);
            range.setEnd(node, offset + 1);
            tops.add(Math.round(range.getBoundingClientRect().top));
          }
          if (tops.size > 1) {
            split.push(word);
          }
        }
      }
    }
    return split;
  }, words);
}

test('Japanese headlines break between phrases, never inside a word, at any width', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto('/ja');
  const headline = 'main h1';
  await expect(page.locator(headline)).toContainText('安心');
  for (let width = 320; width <= 1440; width += 8) {
    await page.setViewportSize({ width, height: 850 });
    expect(await splitWords(page, headline), `at ${width} px`).toEqual([]);
  }
});
