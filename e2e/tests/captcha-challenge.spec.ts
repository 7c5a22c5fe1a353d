import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';

const signInAction = 'POST:/v1/auth/signin';

function deviceId(): string {
  return randomBytes(16).toString('hex');
}

test.describe('the captcha challenge page', () => {
  test('solves its proof of work in the browser and returns a token to /loading', async ({
    page,
    request,
    baseURL,
  }) => {
    const username = `e2e-${randomBytes(6).toString('hex')}@example.com`;
    const device = deviceId();
    // Ten wrong passwords for one account, each from a device of its own.
    for (let i = 0; i < 10; i += 1) {
      const wrong = await request.post('/v1/auth/signin', {
        data: { client_id: 'web', username, password: 'wrong horse 1' },
        headers: { 'x-device-id': deviceId() },
      });
      expect(((await wrong.json()) as { error: string }).error).toBe('invalid_account_or_password');
    }
    const attempt = { client_id: 'web', username, password: 'wrong horse 2' };
    const refused = await request.post('/v1/auth/signin', {
      data: attempt,
      headers: { 'x-device-id': device },
    });
    expect(await refused.json()).toMatchObject({ error: 'captcha_required', error_code: 4001 });

    const init = await request.post('/v1/shield/captcha/init', {
      data: {
        client_id: 'web',
        action: signInAction,
        device_id: device,
        meta: { email: username },
      },
    });
    const { url } = (await init.json()) as { url: string };
    const challenge = new URL(url);
    challenge.searchParams.set('redirect_uri', `${baseURL}/loading`);
    challenge.searchParams.set('state', 'e2e-state');

    // Problems of the challenge page itself; whatever /loading logs belongs to the site.
    const problems: string[] = [];
    page.on('pageerror', (error) => {
      if (page.url().includes('/v1/shield/')) {
        problems.push(error.message);
      }
    });
    page.on('console', (message) => {
      if (message.type() === 'error' && message.location().url.includes('/v1/shield/')) {
        problems.push(message.text());
      }
    });
    await page.setViewportSize({ width: 320, height: 430 });
    await page.goto(`${challenge.pathname}${challenge.search}`);
    await page.waitForURL(/\/loading\?/, { timeout: 20_000 });
    expect(problems).toEqual([]);

    const returned = new URL(page.url());
    expect(returned.origin).toBe(baseURL);
    expect(returned.searchParams.get('state')).toBe('e2e-state');
    expect(returned.searchParams.get('expires_in')).toBe('300');
    const token = returned.searchParams.get('captcha_token') ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The token gets the attempt past the shield: the answer is about the password again.
    const passed = await request.post('/v1/auth/signin', {
      data: { ...attempt, captcha_token: token },
      headers: { 'x-device-id': device },
    });
    expect(((await passed.json()) as { error: string }).error).toBe('invalid_account_or_password');
  });
});
