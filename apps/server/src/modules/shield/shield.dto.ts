import type { CaptchaInitAnswer } from './shield.service';

/** The answer of captcha init: a token given directly, or the challenge url. */
export function toCaptchaInit(answer: CaptchaInitAnswer) {
  return answer.kind === 'token'
    ? { captcha_token: answer.captchaToken, expires_in: answer.expiresIn }
    : { url: answer.url, expires_in: answer.expiresIn };
}

/** A captcha token earned by a solved challenge. */
export function toCaptchaToken(token: { captchaToken: string; expiresIn: number }) {
  return { captcha_token: token.captchaToken, expires_in: token.expiresIn };
}
