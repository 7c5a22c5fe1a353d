'use client';

import type { ChangeEvent } from 'react';
import { useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { FormAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText } from '@/lib/api/error-text';
import type { Profile } from '@/lib/session/credentials';
import { initialOf } from '@/features/auth/account-button';
import { avatarProblemOf, avatarTypes, removeAvatar, uploadAvatar } from './self-service-api';

interface Message {
  tone: 'error' | 'success';
  text: string;
}

/**
 * The profile picture of `/drive/account`: the current one (or the initial), a PNG, JPEG, GIF or
 * WebP of at most 2 MiB to upload as it is (no cropping; it is shown in a circle), and removal.
 * A wrong type or size is told before anything is sent.
 */
export function AvatarField({ profile, errorTexts }: { profile: Profile; errorTexts: ErrorTexts }) {
  const t = useTranslations('account');
  const locale = useLocale();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>();

  async function run(action: () => Promise<string>): Promise<void> {
    setBusy(true);
    setMessage(undefined);
    try {
      setMessage({ tone: 'success', text: await action() });
    } catch (cause) {
      const text = errorText(cause, locale, errorTexts);
      setMessage(text ? { tone: 'error', text } : undefined);
    } finally {
      setBusy(false);
    }
  }

  function choose(event: ChangeEvent<HTMLInputElement>): void {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) {
      return;
    }
    const problem = avatarProblemOf(file);
    if (problem) {
      setMessage({
        tone: 'error',
        text: problem === 'type' ? t('avatar.wrong-type') : t('avatar.too-large'),
      });
      return;
    }
    void run(async () => {
      await uploadAvatar(file);
      return t('avatar.saved');
    });
  }

  return (
    <div className="flex flex-col gap-3" data-testid="avatar-field">
      <div className="flex flex-wrap items-center gap-4">
        {profile.picture ? (
          // eslint-disable-next-line @next/next/no-img-element -- the member's own avatar URL
          <img
            src={profile.picture}
            alt={t('avatar.alt')}
            data-testid="avatar-image"
            className="size-16 rounded-full border border-border object-cover"
          />
        ) : (
          <span
            aria-hidden
            className="inline-flex size-16 items-center justify-center rounded-full bg-primary text-2xl font-semibold text-primary-foreground"
          >
            {initialOf(profile)}
          </span>
        )}
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            type="file"
            accept={avatarTypes.join(',')}
            className="sr-only"
            tabIndex={-1}
            aria-label={t('avatar.choose')}
            data-testid="avatar-input"
            onChange={choose}
          />
          <Button
            type="button"
            variant="outline"
            className="min-h-11"
            disabled={busy}
            onClick={() => input.current?.click()}
          >
            {profile.picture ? t('avatar.change') : t('avatar.choose')}
          </Button>
          {profile.picture ? (
            <Button
              type="button"
              variant="ghost"
              className="min-h-11"
              disabled={busy}
              data-testid="avatar-remove"
              onClick={() =>
                void run(async () => {
                  await removeAvatar();
                  return t('avatar.removed');
                })
              }
            >
              {t('avatar.remove')}
            </Button>
          ) : null}
        </div>
      </div>
      <p className="text-sm text-muted-foreground">{t('avatar.hint')}</p>
      {message ? <FormAlert tone={message.tone}>{message.text}</FormAlert> : null}
    </div>
  );
}
