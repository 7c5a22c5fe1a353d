import { describe, expect, it } from 'vitest';
import { storedSettingValue } from './stored-setting';

describe('a stored setting value', () => {
  it('reads JSON, keeps text stored by hand as it is, and nothing as null', () => {
    expect(storedSettingValue('{"tone":"info"}')).toEqual({ tone: 'info' });
    expect(storedSettingValue('true')).toBe(true);
    expect(storedSettingValue('support@example.com')).toBe('support@example.com');
    expect(storedSettingValue('')).toBe('');
    expect(storedSettingValue(null)).toBeNull();
  });
});
