/*
 * The layout of a policy text (the `body` messages of `policy-texts`): paragraphs separated by a
 * blank line, and lists whose items are lines starting with "- ". Plain text only, so a
 * translation cannot add markup.
 */

export type PolicyBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

const itemPrefix = /^\s*-\s+/;

/** The paragraphs and lists of a formatted text, in order. */
export function policyBlocksOf(text: string): PolicyBlock[] {
  const blocks: PolicyBlock[] = [];
  for (const chunk of text.split(/\n\s*\n/)) {
    let paragraph: string[] = [];
    let items: string[] = [];
    const flushParagraph = () => {
      if (paragraph.length > 0) {
        blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
        paragraph = [];
      }
    };
    const flushItems = () => {
      if (items.length > 0) {
        blocks.push({ kind: 'list', items });
        items = [];
      }
    };
    for (const raw of chunk.split('\n')) {
      const line = raw.trim();
      if (line === '') {
        continue;
      }
      if (itemPrefix.test(line)) {
        flushParagraph();
        items.push(line.replace(itemPrefix, ''));
      } else {
        flushItems();
        paragraph.push(line);
      }
    }
    flushParagraph();
    flushItems();
  }
  return blocks;
}
