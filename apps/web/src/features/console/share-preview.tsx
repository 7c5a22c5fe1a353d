'use client';

import { useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { previewOf } from './console-calls';

type Loaded = Awaited<ReturnType<typeof previewOf>> | 'failed';

/**
 * A reported file's inert preview (an image or the start of a text), fetched only when the
 * moderator asks for it and blurred until they reveal it.
 */
export function SharePreview({ shareId, fileId }: { shareId: string; fileId: string }) {
  const t = useTranslations('console');
  const [asked, setAsked] = useState(false);
  const [revealed, setRevealed] = useState(false);
  const [loaded, setLoaded] = useState<Loaded>();

  useEffect(() => {
    if (!asked) {
      return undefined;
    }
    let objectUrl: string | undefined;
    let live = true;
    previewOf(shareId, fileId).then(
      (preview) => {
        objectUrl = preview?.kind === 'image' ? preview.url : undefined;
        if (live) {
          setLoaded(preview ?? 'failed');
        }
      },
      () => live && setLoaded('failed'),
    );
    return () => {
      live = false;
      if (objectUrl) {
        URL.revokeObjectURL(objectUrl);
      }
    };
  }, [asked, shareId, fileId]);

  if (!asked) {
    return (
      <Button variant="outline" size="sm" onClick={() => setAsked(true)}>
        {t('moderation.preview')}
      </Button>
    );
  }
  if (loaded === undefined) {
    return <p className="text-sm text-muted-foreground">{t('gate.loading')}</p>;
  }
  if (loaded === 'failed') {
    return <p className="text-sm text-muted-foreground">{t('moderation.noPreview')}</p>;
  }
  return (
    <div className="flex flex-col items-start gap-2" data-testid="share-preview">
      <div className={revealed ? undefined : 'pointer-events-none select-none blur-xl'}>
        {loaded.kind === 'image' ? (
          // eslint-disable-next-line @next/next/no-img-element -- a blob of the moderator's session, not a page asset
          <img src={loaded.url} alt={t('moderation.previewAlt')} className="max-h-64 rounded" />
        ) : (
          <pre className="max-h-64 max-w-full overflow-auto whitespace-pre-wrap rounded bg-muted p-2 text-xs">
            {loaded.text}
          </pre>
        )}
      </div>
      {revealed ? null : (
        <Button variant="outline" size="sm" onClick={() => setRevealed(true)}>
          {t('moderation.reveal')}
        </Button>
      )}
    </div>
  );
}
