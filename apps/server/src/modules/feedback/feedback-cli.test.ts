import { describe, expect, it } from 'vitest';
import { FeedbackUsageError, runFeedbackCommand, terminalSafe } from './feedback-cli';

const none = {
  feedback: { list: () => Promise.resolve([]), find: () => Promise.resolve(undefined) },
  store: { get: () => Promise.reject(new Error('no blob')) },
};

describe('the feedback command', () => {
  it('shows escape sequences and line breaks of members as text', () => {
    expect(terminalSafe('red \u001b[31mALERT\u0007')).toBe('red \\u{1b}[31mALERT\\u{7}');
    expect(terminalSafe('one\ntwo\r')).toBe('one\\u{a}two\\u{d}');
    expect(terminalSafe('one\n\ttwo', true)).toBe('one\n\ttwo');
  });

  it('refuses wrong command lines with a usage error', async () => {
    await expect(runFeedbackCommand([], none)).rejects.toThrow(FeedbackUsageError);
    await expect(runFeedbackCommand(['delete'], none)).rejects.toThrow('Unknown command delete');
    await expect(runFeedbackCommand(['list', '--limit', '0'], none)).rejects.toThrow('--limit');
    await expect(runFeedbackCommand(['list', '--category', 'rant'], none)).rejects.toThrow(
      '--category',
    );
    await expect(runFeedbackCommand(['show'], none)).rejects.toThrow('one feedback id');
    await expect(runFeedbackCommand(['show', 'nope'], none)).rejects.toThrow(
      'No feedback has the id nope',
    );
    await expect(runFeedbackCommand(['list', '--colour'], none)).rejects.toThrow(
      FeedbackUsageError,
    );
    expect(await runFeedbackCommand(['list'], none)).toEqual(['No feedback.']);
  });
});
