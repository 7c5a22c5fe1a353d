import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeSubtitleText, maxSubtitleBytes, SubtitleError } from './subtitle-convert';

const cue = (text: string) => `1\r\n00:00:01,000 --> 00:00:02,000\r\n${text}\r\n`;

describe('the text of a subtitle file', () => {
  it('finds the charset of subtitles from everywhere', () => {
    const japanese = cue('こんにちは、世界。今日はいい天気ですね。また明日会いましょう。');
    const chinese = cue('你好，世界。今天天气很好，我们去公园散步吧。再见，明天见。');
    const russian = cue('Привет, мир! Как у тебя дела сегодня?');
    expect(decodeSubtitleText(iconv.encode(japanese, 'shift_jis'))).toBe(japanese);
    expect(decodeSubtitleText(iconv.encode(chinese, 'gbk'))).toBe(chinese);
    expect(decodeSubtitleText(iconv.encode(russian, 'win1251'))).toBe(russian);
    expect(decodeSubtitleText(Buffer.from(russian, 'utf8'))).toBe(russian);
    expect(decodeSubtitleText(Buffer.from(`\uFEFF${russian}`, 'utf8'))).toBe(russian);
    expect(decodeSubtitleText(iconv.encode(russian, 'utf-16le', { addBOM: true }))).toBe(russian);
  });

  it('refuses binary bytes, empty files and files past the cap', () => {
    const noise = Buffer.from(Array.from({ length: 4000 }, (_, n) => (n * 7919) % 256));
    expect(() => decodeSubtitleText(noise)).toThrow(SubtitleError);
    expect(() => decodeSubtitleText(Buffer.from('   \n'))).toThrow(SubtitleError);
    expect(() => decodeSubtitleText(Buffer.alloc(maxSubtitleBytes + 1, 0x41))).toThrow(
      'The subtitle file is too large',
    );
  });
});
