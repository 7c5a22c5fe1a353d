import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import consoleTexts from '../../../messages/ja/console.json';
import { reportReasonText, shareStatusText } from './moderation-texts';

const t = createTranslator({
  locale: 'ja',
  messages: { console: consoleTexts },
  namespace: 'console',
});

describe('the moderation texts of the console', () => {
  it('names a share state in the operator language, and an unknown one as stored', () => {
    expect(shareStatusText(t, 'PROHIBITED')).toBe(consoleTexts.moderation.status.PROHIBITED);
    expect(shareStatusText(t, 'AUDITING')).toBe(consoleTexts.moderation.status.AUDITING);
    expect(shareStatusText(t, 'SOMETHING_NEW')).toBe('SOMETHING_NEW');
  });

  it('translates a report reason key and keeps what the visitor wrote', () => {
    expect(reportReasonText(t, 'spam')).toBe(consoleTexts.moderation.reasons.spam);
    expect(reportReasonText(t, 'copyright: my film: part 2')).toBe(
      `${consoleTexts.moderation.reasons.copyright}: my film: part 2`,
    );
    expect(reportReasonText(t, 'free text: no key')).toBe('free text: no key');
  });
});
