import type { ErrorTexts } from '@/lib/api/error-text';

/** The reasons a check-in dialog may meet, so every page carries only their messages. */
const reasons = [
  'activity_reward_claimed',
  'activity_task_not_done',
  'captcha_invalid',
  'captcha_required',
  'unauthenticated',
  'unreachable',
  'internal',
  'unavailable',
  'resource_exhausted',
] as const;

/** The messages of the reasons the activity dialogs may show, from a locale's `errors`. */
export function activityErrorTexts(errors: Readonly<Record<string, string>>): ErrorTexts {
  return Object.fromEntries(
    reasons.flatMap((reason) =>
      typeof errors[reason] === 'string' ? [[reason, errors[reason]]] : [],
    ),
  );
}
