import common from '../../../messages/en-US/common.json';
import type { ErrorTexts } from './error-texts';

/** The default locale's texts, for an error in the root shell itself (global-error.tsx). */
export const defaultErrorTexts: ErrorTexts = {
  tip: common['not-found-page-tip'],
  backHome: common['back-home'],
  tryAgain: common['try-again'],
  homeHref: '/',
};
