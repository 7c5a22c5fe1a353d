import { languageTag } from './track-tools';

/** What a subtitle file's name says of it. */
export interface SidecarName {
  /** `srt`, `vtt`, `ass` or `ssa`. */
  extension: string;
  language: string;
  isForced: boolean;
  isDefault: boolean;
  /** Subtitles for the deaf and hard of hearing (`.sdh`, `.cc`; `.hi` is Hindi). */
  isSdh: boolean;
}

/** Extensions of the subtitle files Nimbus reads. */
export const subtitleExtensions = new Set(['srt', 'vtt', 'ass', 'ssa']);

/** Parts of a name that are flags, not languages. */
const flagParts = new Set(['forced', 'default', 'sdh', 'cc']);

/** A language part of a name: `en`, `eng`, `pt-BR`, `zh-Hans` (not any word of 5 to 8 letters). */
const languagePart = /^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/i;

function splitExtension(name: string): { base: string; extension: string } {
  const dot = name.lastIndexOf('.');
  return dot <= 0
    ? { base: name, extension: '' }
    : { base: name.slice(0, dot), extension: name.slice(dot + 1).toLowerCase() };
}

/** The subtitle facts of a file name, or undefined when it is not a subtitle file's. */
export function subtitleFileName(name: string): SidecarName | undefined {
  const { base, extension } = splitExtension(name);
  if (!subtitleExtensions.has(extension)) {
    return undefined;
  }
  const parts = base.split('.').slice(1);
  const flags = new Set(parts.map((part) => part.toLowerCase()));
  const language = parts
    .map((part) =>
      languagePart.test(part) && !flagParts.has(part.toLowerCase()) ? languageTag(part) : '',
    )
    .find(Boolean);
  return {
    extension,
    language: language ?? '',
    isForced: flags.has('forced'),
    isDefault: flags.has('default'),
    isSdh: flags.has('sdh') || flags.has('cc'),
  };
}

/**
 * The subtitle facts of a file beside a video when it is one of the video's sidecars: the same
 * base name (`Movie.mkv` → `Movie.srt`, `Movie.en.srt`, `Movie.pt-BR.forced.srt`), compared
 * without regard to case.
 */
export function sidecarOf(videoName: string, name: string): SidecarName | undefined {
  const video = splitExtension(videoName).base.toLowerCase();
  const lower = name.toLowerCase();
  if (!(lower.startsWith(`${video}.`) && lower.length > video.length + 1)) {
    return undefined;
  }
  const rest = name.slice(video.length);
  const facts = subtitleFileName(`x${rest}`);
  return facts;
}
