import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './user-agent';

describe('describeUserAgent', () => {
  it('names the browser and the system', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
      ),
    ).toBe('Chrome · Linux');
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari · iOS');
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0) Gecko/20100101 Firefox/140.0')).toBe(
      'Firefox · Windows',
    );
  });

  it('shows the start of anything else', () => {
    expect(describeUserAgent('NimbusTV/1.0')).toBe('NimbusTV/1.0');
    expect(describeUserAgent('')).toBe('');
  });
});
