import { locales } from '@nimbus/contracts';
import { describe, expect, it } from 'vitest';
import { challengeAssets, challengeTexts, renderChallengePage } from './challenge-page';

const challenge = {
  parameters: {
    algorithm: 'SHA-256',
    nonce: 'aa',
    salt: 'bb',
    cost: 1,
    keyLength: 32,
    keyPrefix: 'cc',
  },
  signature: 'dd',
};

describe('challenge page', () => {
  it('keeps a hostile state and return address inside its JSON data block', () => {
    const html = renderChallengePage({
      locale: 'en-US',
      id: 'id1',
      challenge,
      redirectUri: 'https://nimbus.test/loading?x=</script><script>alert(1)</script>',
      state: '</script><script>alert(2)</script>&"\'',
    });
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).not.toContain('alert(1)</script>');
    const block =
      /<script type="application\/json" id="nimbus-challenge">(.*?)<\/script>/s.exec(html)?.[1] ??
      '';
    const data = JSON.parse(block) as { state: string; redirect_uri: string; challenge: unknown };
    expect(data.state).toBe('</script><script>alert(2)</script>&"\'');
    expect(data.redirect_uri).toContain('<script>alert(1)');
    expect(data.challenge).toEqual(challenge);
  });

  it('speaks every locale, in the language of the locale', () => {
    const english = challengeTexts('en-US');
    for (const locale of locales) {
      const texts = challengeTexts(locale);
      const html = renderChallengePage({
        locale,
        id: 'i',
        challenge,
        redirectUri: 'https://nimbus.test/loading',
        state: 's',
      });
      expect(html).toContain(`<html lang="${locale}">`);
      for (const key of Object.keys(english) as (keyof typeof english)[]) {
        expect(texts[key].length, `${locale}.${key}`).toBeGreaterThan(1);
        if (locale !== 'en-US') {
          expect(texts[key], `${locale}.${key}`).not.toBe(english[key]);
        }
      }
    }
  });

  it('serves the page script and browser modules of the solver, nothing from Node', () => {
    const assets = challengeAssets();
    expect([...assets.keys()].sort()).toEqual([
      'algorithms/web/sha.js',
      'helpers.js',
      'page.js',
      'pow.js',
      'types.js',
    ]);
    for (const [file, text] of assets) {
      expect(text, file).not.toMatch(/from ['"]node:|require\(/);
    }
    expect(assets.get('page.js')).toContain('window.location.replace');
  });
});
