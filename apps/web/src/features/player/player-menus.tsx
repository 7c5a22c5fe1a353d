'use client';

import type { ComponentProps, ReactNode } from 'react';
import { Check, Settings, Subtitles } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { DropdownMenu as Menu } from 'radix-ui';
import type { QualityOption } from './media-choice';
import type { AudioTrack, MediaPreferences, SubtitleTrack } from './media-tracks';

/*
 * The player's two menus (Radix: arrow keys, typing, Escape): subtitles (a track or off, size,
 * position, a file from the drive) and settings (quality, speed, audio track). They open inside
 * the player, so they show in full screen too.
 */

export const playbackSpeeds = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

const panel =
  'z-[var(--z-overlay)] min-w-52 overflow-y-auto rounded-xl border border-white/15 bg-neutral-900 p-1 text-sm text-neutral-100 shadow-lg ' +
  'max-h-[min(24rem,var(--radix-dropdown-menu-content-available-height))]';
const item =
  'relative flex min-h-11 cursor-pointer select-none items-center gap-2 rounded-lg px-3 pr-9 outline-none md:min-h-9 data-[highlighted]:bg-white/15';

export const triggerClass =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-neutral-100 hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white [&_svg]:size-5';

function Panel({
  container,
  children,
  label,
}: {
  container: HTMLElement | null;
  children: ReactNode;
  label: string;
}) {
  return (
    <Menu.Portal container={container}>
      <Menu.Content
        side="top"
        align="end"
        sideOffset={8}
        collisionPadding={8}
        aria-label={label}
        className={panel}
      >
        {children}
      </Menu.Content>
    </Menu.Portal>
  );
}

/** One of the player's menus: its button (an icon, labelled) and the panel it opens. */
function PlayerMenu({
  container,
  label,
  testId,
  icon,
  children,
}: {
  container: HTMLElement | null;
  label: string;
  testId: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger className={triggerClass} aria-label={label} title={label} data-testid={testId}>
        {icon}
      </Menu.Trigger>
      <Panel container={container} label={label}>
        {children}
      </Panel>
    </Menu.Root>
  );
}

function Choice({ value, children }: { value: string; children: ReactNode }) {
  return (
    <Menu.RadioItem value={value} className={item}>
      {children}
      <Menu.ItemIndicator className="absolute right-3 inline-flex">
        <Check aria-hidden className="size-4" />
      </Menu.ItemIndicator>
    </Menu.RadioItem>
  );
}

function Group({ label, ...props }: { label: string } & ComponentProps<typeof Menu.RadioGroup>) {
  return (
    <>
      <Menu.Label className="px-3 pb-1 pt-2 text-xs font-medium text-neutral-400">
        {label}
      </Menu.Label>
      <Menu.RadioGroup aria-label={label} {...props} />
    </>
  );
}

/** A language tag's name in the page's language ("English"), or the tag itself. */
function useLanguageName(): (tag: string) => string {
  const locale = useLocale();
  return (tag) => {
    if (!tag || tag === 'und') {
      return '';
    }
    try {
      return new Intl.DisplayNames([locale], { type: 'language' }).of(tag) ?? tag;
    } catch {
      return tag;
    }
  };
}

export function SubtitlesMenu({
  container,
  tracks,
  chosen,
  preferences,
  canBurn,
  onChoose,
  onPreferences,
  onPick,
}: {
  container: HTMLElement | null;
  tracks: readonly SubtitleTrack[];
  chosen: string;
  /** Whether picture subtitles can be burned into a transcode of this video. */
  canBurn: boolean;
  preferences: MediaPreferences;
  onChoose: (id: string) => void;
  onPreferences: (change: Partial<MediaPreferences>) => void;
  onPick?: () => void;
}) {
  const t = useTranslations('preview.player');
  const languageName = useLanguageName();
  return (
    <PlayerMenu
      container={container}
      label={t('subtitles')}
      testId="player-subtitles"
      icon={<Subtitles aria-hidden />}
    >
      <Group label={t('subtitles')} value={chosen} onValueChange={onChoose}>
        <Choice value="">{t('subtitles-off')}</Choice>
        {tracks
          .filter((track) => track.link !== null || (canBurn && track.kind === 'image'))
          .map((track, index) => {
            const name =
              track.label ||
              languageName(track.language) ||
              t('subtitles-untitled', { number: index + 1 });
            return (
              <Choice key={track.id} value={track.id}>
                {track.link === null ? t('subtitles-burned', { name }) : name}
              </Choice>
            );
          })}
      </Group>
      <Group
        label={t('subtitle-size')}
        value={preferences.subtitle_size}
        onValueChange={(value) =>
          onPreferences({ subtitle_size: value as MediaPreferences['subtitle_size'] })
        }
      >
        <Choice value="small">{t('size-small')}</Choice>
        <Choice value="medium">{t('size-medium')}</Choice>
        <Choice value="large">{t('size-large')}</Choice>
      </Group>
      <Group
        label={t('subtitle-position')}
        value={preferences.subtitle_position}
        onValueChange={(value) =>
          onPreferences({ subtitle_position: value as MediaPreferences['subtitle_position'] })
        }
      >
        <Choice value="bottom">{t('position-bottom')}</Choice>
        <Choice value="top">{t('position-top')}</Choice>
      </Group>
      {onPick ? (
        <>
          <Menu.Separator className="my-1 h-px bg-white/15" />
          <Menu.Item className={item} onSelect={onPick}>
            {t('subtitle-pick')}
          </Menu.Item>
        </>
      ) : null}
    </PlayerMenu>
  );
}

export function SettingsMenu({
  container,
  qualities,
  quality,
  onQuality,
  speed,
  onSpeed,
  audioTracks,
  audio,
  onAudio,
}: {
  container: HTMLElement | null;
  qualities: readonly QualityOption[];
  quality: string;
  onQuality: (id: string) => void;
  speed: number;
  onSpeed: (speed: number) => void;
  audioTracks: readonly AudioTrack[];
  audio: number | undefined;
  onAudio: (index: number) => void;
}) {
  const t = useTranslations('preview.player');
  const languageName = useLanguageName();
  const qualityName = (label: string) =>
    label === 'auto'
      ? t('quality-auto')
      : label === 'original'
        ? t('quality-original')
        : label === 'remux'
          ? t('quality-remux')
          : label;
  return (
    <PlayerMenu
      container={container}
      label={t('settings')}
      testId="player-settings"
      icon={<Settings aria-hidden />}
    >
      {qualities.length > 0 ? (
        <Group label={t('quality')} value={quality} onValueChange={onQuality}>
          {qualities.map((option) => (
            <Choice key={option.id} value={option.id}>
              {qualityName(option.label)}
            </Choice>
          ))}
        </Group>
      ) : null}
      <Group
        label={t('speed')}
        value={String(speed)}
        onValueChange={(value) => onSpeed(Number(value))}
      >
        {playbackSpeeds.map((value) => (
          <Choice key={value} value={String(value)}>
            {value === 1 ? t('speed-normal') : t('speed-value', { speed: value })}
          </Choice>
        ))}
      </Group>
      {audioTracks.length > 1 ? (
        <Group
          label={t('audio')}
          value={String(audio ?? '')}
          onValueChange={(value) => onAudio(Number(value))}
        >
          {audioTracks.map((track) => (
            <Choice key={track.index} value={String(track.index)}>
              {[languageName(track.language), track.title].filter(Boolean).join(' · ') ||
                t('audio-untitled', { number: track.index + 1 })}
              {track.channels > 2
                ? ` (${track.channels === 6 ? '5.1' : track.channels === 8 ? '7.1' : track.channels})`
                : ''}
            </Choice>
          ))}
        </Group>
      ) : null}
    </PlayerMenu>
  );
}
