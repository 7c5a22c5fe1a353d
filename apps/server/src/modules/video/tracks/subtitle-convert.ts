import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import chardet from 'chardet';
import iconv from 'iconv-lite';
import { inputGuards } from '../video-facts';
import { TrackToolBusy, type TrackToolRunner } from './track-tools';

/** The largest subtitle file converted (a film's subtitles are rarely above a few hundred KiB). */
export const maxSubtitleBytes = 4 * 1024 * 1024;

/** The largest WebVTT kept from a conversion. */
const maxVttBytes = 8 * 1024 * 1024;

/** The subtitle formats read from files, by extension, as ffmpeg's demuxers name them. */
export const subtitleFormats: Readonly<Record<string, string>> = {
  srt: 'srt',
  vtt: 'webvtt',
  ass: 'ass',
  ssa: 'ass',
};

/** Why a subtitle could not be made WebVTT; the service answers it as a clear error. */
export class SubtitleError extends Error {}

/** Control characters no subtitle text holds (tabs and line ends aside): the sign of binary bytes. */
// eslint-disable-next-line no-control-regex
const binaryCharacters = /[\u0000-\u0008\u000E-\u001A\u001C-\u001F]/g;

/**
 * A subtitle file's text as Unicode: its byte-order mark's encoding, else UTF-8 when the bytes
 * are valid UTF-8, else the charset `chardet` finds (Windows-1251 Russian, Shift_JIS, GBK and
 * kin, which `iconv-lite` decodes). Bytes that decode to binary noise are refused.
 */
export function decodeSubtitleText(bytes: Buffer): string {
  if (bytes.length > maxSubtitleBytes) {
    throw new SubtitleError('The subtitle file is too large');
  }
  let text: string;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    text = bytes.subarray(3).toString('utf8');
  } else if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    text = iconv.decode(bytes.subarray(2), 'utf-16le');
  } else if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    text = iconv.decode(bytes.subarray(2), 'utf-16be');
  } else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      const charset = chardet.detect(bytes);
      if (charset === null || !iconv.encodingExists(charset)) {
        throw new SubtitleError('The subtitle file is in an unknown character set');
      }
      text = iconv.decode(bytes, charset);
    }
  }
  const controls = text.match(binaryCharacters)?.length ?? 0;
  if (text.trim() === '' || controls > Math.max(8, text.length / 1000)) {
    throw new SubtitleError('The file holds no subtitle text');
  }
  return text.replace(binaryCharacters, '');
}

/** A `<` that opens none of WebVTT's cue tags (or a cue timestamp) is text, escaped as such. */
const strayTag = /<(?!\/?(?:b|i|u|c|v|lang|ruby|rt)(?:[\s.>])|\d{2}:)/g;

/** A line that is an ASS drawing's path (`m 0 0 l 100 0 100 100`), which ffmpeg leaves as text. */
const drawingLine = /^m\s+-?[\d.]+\s+-?[\d.]+(?:\s+(?:[mnlbspc]\s+)?-?[\d.]+)*\s*$/i;

/** A cue's timing line. */
const timingLine = /^(?:\d{2,}:)?\d{2}:\d{2}\.\d{3} --> /;

/**
 * ffmpeg's WebVTT, checked and tidied: its header, at least one cue, and `<` of the text that
 * starts no WebVTT tag escaped, so whatever a hostile file held reaches the player as plain text.
 */
function checkedVtt(output: Buffer): Buffer {
  const text = output.toString('utf8').replace(/^\uFEFF/, '');
  if (!text.startsWith('WEBVTT')) {
    throw new SubtitleError('The subtitles could not be converted to WebVTT');
  }
  const [header = 'WEBVTT', ...blocks] = text.split(/\r?\n(?:[ \t]*\r?\n)+/);
  const cues = blocks.flatMap((block) => {
    const lines = block.split(/\r?\n/);
    const at = lines.findIndex((line) => timingLine.test(line));
    const body = lines
      .slice(at + 1)
      .filter((line) => line.trim() !== '' && !drawingLine.test(line.trim()));
    // A cue left with no text (an ASS drawing, a blank line) shows nothing: it is dropped.
    return at < 0 || body.length === 0
      ? []
      : [
          [...lines.slice(0, at + 1), ...body.map((line) => line.replace(strayTag, '&lt;'))].join(
            '\n',
          ),
        ];
  });
  if (cues.length === 0) {
    throw new SubtitleError('The file holds no subtitle cues');
  }
  return Buffer.from(`${[header, ...cues].join('\n\n')}\n`, 'utf8');
}

/** ASS drawing commands (`{\p1}m 0 0 l …{\p0}`) draw shapes; as text they would be noise. */
const assDrawing = /\{[^}]*\\p[1-9][^}]*\}[^{\n]*(?:\{[^}]*\\p0[^}]*\})?/g;

/**
 * WebVTT of a subtitle text in `format` (`srt`, `webvtt`, `ass`), made by ffmpeg from standard
 * input: its decoders keep only the styling WebVTT has (bold, italic, underline) and drop ASS
 * drawing commands and override tags, so the text that reaches the player is plain cues.
 */
export async function subtitleTextToVtt(
  run: TrackToolRunner,
  text: string,
  format: string,
): Promise<Buffer> {
  let output: Buffer;
  try {
    output = await run(
      'ffmpeg',
      [
        '-v',
        'error',
        '-nostdin',
        '-protocol_whitelist',
        'pipe',
        '-f',
        format,
        '-i',
        'pipe:0',
        '-map',
        '0:s:0',
        '-c:s',
        'webvtt',
        '-f',
        'webvtt',
        'pipe:1',
      ],
      {
        input: Buffer.from(format === 'ass' ? text.replace(assDrawing, '') : text, 'utf8'),
        maxOutput: maxVttBytes,
        timeoutMs: 30_000,
      },
    );
  } catch (error) {
    if (error instanceof TrackToolBusy) {
      throw error;
    }
    throw new SubtitleError('The subtitle file could not be read');
  }
  return checkedVtt(output);
}

/**
 * WebVTT of the text subtitle streams `streams` of a local video file, all in one ffmpeg run (a
 * film is read once however many languages it holds), each kept to `maxVttBytes`. A stream
 * whose text is not usable WebVTT is left out of the answer.
 */
export async function embeddedSubtitlesToVtt(
  run: TrackToolRunner,
  file: string,
  streams: readonly number[],
  tempDir: string,
): Promise<Map<number, Buffer>> {
  const dir = path.join(tempDir, `subtitles-${process.pid}-${randomBytes(8).toString('hex')}`);
  await fs.mkdir(dir, { recursive: true });
  try {
    const outputs = streams.flatMap((stream) => [
      '-map',
      `0:${String(stream)}`,
      '-c:s',
      'webvtt',
      '-fs',
      String(maxVttBytes),
      '-f',
      'webvtt',
      path.join(dir, `${String(stream)}.vtt`),
    ]);
    try {
      await run(
        'ffmpeg',
        ['-v', 'error', '-nostdin', ...inputGuards(), '-i', `file:${file}`, ...outputs],
        // Reading a whole film is slow on a slow disk; the work is niced and CPU-capped.
        { maxOutput: 64 * 1024, timeoutMs: 10 * 60_000 },
      );
    } catch (error) {
      if (error instanceof TrackToolBusy) {
        throw error;
      }
      throw new SubtitleError('The subtitle stream could not be read');
    }
    const made = new Map<number, Buffer>();
    for (const stream of streams) {
      try {
        made.set(stream, checkedVtt(await fs.readFile(path.join(dir, `${String(stream)}.vtt`))));
      } catch {
        // This stream held no usable text; the others stand.
      }
    }
    return made;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
