import { describe, expect, it } from 'vitest';
import { policyBlocksOf } from './policy-blocks';

describe('policyBlocksOf', () => {
  it('splits paragraphs at blank lines and joins their lines', () => {
    expect(policyBlocksOf('One\nline.\n\nTwo.')).toEqual([
      { kind: 'paragraph', text: 'One line.' },
      { kind: 'paragraph', text: 'Two.' },
    ]);
  });

  it('turns lines starting with "- " into a list, between paragraphs', () => {
    expect(policyBlocksOf('Periods:\n- a day\n-  a week\nThat is all.')).toEqual([
      { kind: 'paragraph', text: 'Periods:' },
      { kind: 'list', items: ['a day', 'a week'] },
      { kind: 'paragraph', text: 'That is all.' },
    ]);
  });

  it('keeps markup as plain text and drops empty chunks', () => {
    expect(policyBlocksOf('\n\n<b>x</b>\n\n\n')).toEqual([{ kind: 'paragraph', text: '<b>x</b>' }]);
  });
});
