import { describe, expect, it } from 'vitest';
import { settingDiff } from './setting-diff';
import { checkDraft, jsonText } from './setting-draft';

describe('settingDiff', () => {
  it('keeps the common lines and marks what a change removed and added', () => {
    const diff = settingDiff('{"a":1,"b":2}', '{"a":1,"b":3}');
    expect(diff).toEqual([
      { kind: 'same', text: '{' },
      { kind: 'same', text: '  "a": 1,' },
      { kind: 'removed', text: '  "b": 2' },
      { kind: 'added', text: '  "b": 3' },
      { kind: 'same', text: '}' },
    ]);
  });

  it('shows a value stored for the first time as added and a removed one as removed', () => {
    expect(settingDiff(null, 'true')).toEqual([{ kind: 'added', text: 'true' }]);
    expect(settingDiff('"x@example.com"', null)).toEqual([
      { kind: 'removed', text: '"x@example.com"' },
    ]);
  });
});

describe('checkDraft', () => {
  it('checks a draft with the setting schema the server uses', () => {
    expect(checkDraft('external_products.products', '[{')).toEqual({ problem: { kind: 'json' } });
    expect(
      checkDraft('external_products.products', '[{"id":"p","kind":"premium","days":0}]'),
    ).toEqual({ problem: { kind: 'schema', path: '0.days' } });
    expect(checkDraft('basic.support_email', 'help@example.com')).toEqual({
      value: 'help@example.com',
    });
    expect(checkDraft('debug_options.allow_vconsole', true)).toEqual({ value: true });
    expect(jsonText('external_products.products', null)).toBe('[]');
  });
});
