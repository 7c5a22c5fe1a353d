'use client';

import { useId, useRef } from 'react';
import { feedbackAttachmentAccept, feedbackLimits, formatBytes } from '@nimbus/contracts';
import { Paperclip, X } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import type { FileProblem } from './feedback-files';

/**
 * The feedback form's attachments: the chosen files (each removable), the button that picks
 * more while fewer than the limit are chosen, and what was refused and why.
 */
export function FeedbackAttachments({
  files,
  problems,
  onAdd,
  onRemove,
}: {
  files: readonly File[];
  problems: readonly FileProblem[];
  onAdd: (added: File[]) => void;
  onRemove: (file: File) => void;
}) {
  const t = useTranslations('support.feedback');
  const locale = useLocale();
  const ids = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const maxSize = formatBytes(feedbackLimits.attachmentMaxBytes, { locale });
  const filesHintId = `${ids}-files-hint`;
  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-medium" id={`${ids}-files-label`}>
        {t('attachments')}
      </span>
      <p id={filesHintId} className="text-sm text-muted-foreground">
        {t('attachments-hint', { count: feedbackLimits.maxAttachments, size: maxSize })}
      </p>
      <input
        ref={fileInput}
        type="file"
        multiple
        accept={feedbackAttachmentAccept}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="feedback-file-input"
        onChange={(event) => {
          onAdd([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      {files.length > 0 ? (
        <ul
          className="flex flex-col gap-2"
          aria-labelledby={`${ids}-files-label`}
          data-testid="feedback-files"
        >
          {files.map((file) => (
            <li
              key={`${file.name}-${file.size}`}
              className="flex min-h-11 items-center gap-3 rounded-lg border border-border px-3 text-sm"
            >
              <Paperclip aria-hidden className="size-4 shrink-0 text-muted-foreground" />
              <span className="min-w-0 flex-1 truncate">{file.name}</span>
              <span className="shrink-0 text-muted-foreground tabular-nums">
                {formatBytes(file.size, { locale })}
              </span>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('remove-file', { name: file.name })}
                onClick={() => onRemove(file)}
              >
                <X aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {files.length < feedbackLimits.maxAttachments ? (
        <Button
          variant="outline"
          className="w-full sm:w-auto sm:self-start"
          aria-describedby={filesHintId}
          onClick={() => fileInput.current?.click()}
        >
          <Paperclip aria-hidden />
          {t('add-files')}
        </Button>
      ) : null}
      {problems.map((problem) => (
        <p
          key={problem.kind === 'too-many' ? problem.kind : `${problem.kind}-${problem.name}`}
          role="alert"
          className="text-sm text-danger"
        >
          {problem.kind === 'too-large'
            ? t('file-too-large', { name: problem.name, size: maxSize })
            : problem.kind === 'type'
              ? t('file-type', { name: problem.name })
              : t('too-many-files', { count: feedbackLimits.maxAttachments })}
        </p>
      ))}
    </div>
  );
}
