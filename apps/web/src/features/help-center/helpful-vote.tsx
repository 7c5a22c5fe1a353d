'use client';

import { useState } from 'react';
import type { HelpArticleSlug, Locale } from '@nimbus/contracts';
import { statisticsRoutes } from '@nimbus/contracts/routes';
import { Button } from '@/components/ui/button';
import { browserClient } from '@/lib/api/browser-client';
import { useHydrated } from '@/lib/use-hydrated';

export interface HelpfulVoteProps {
  article: HelpArticleSlug;
  locale: Locale;
  texts: {
    question: string;
    yes: string;
    no: string;
    sending: string;
    thanks: string;
    failed: string;
  };
}

type VoteState = 'idle' | 'sending' | 'sent' | 'failed';

/**
 * "Was this article helpful?" under an article: Yes or No, sent once to
 * `POST /statistics/pub/help_vote`, which keeps it without anything of the visitor.
 */
export function HelpfulVote({ article, locale, texts }: HelpfulVoteProps) {
  const hydrated = useHydrated();
  const [state, setState] = useState<VoteState>('idle');

  const vote = (helpful: boolean) => {
    setState('sending');
    browserClient()
      .call(statisticsRoutes.recordHelpVote, { body: { article, helpful, language: locale } })
      .then(
        () => setState('sent'),
        () => setState('failed'),
      );
  };

  return (
    <section
      aria-labelledby="helpful-vote-question"
      className="mt-10 rounded-lg border border-border p-4"
      data-testid="helpful-vote"
      data-state={state}
    >
      <h2 id="helpful-vote-question" className="text-base font-medium">
        {texts.question}
      </h2>
      {state === 'sent' ? (
        <p role="status" className="mt-3 text-sm text-muted-foreground">
          {texts.thanks}
        </p>
      ) : (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <Button
            type="button"
            variant="outline"
            disabled={!hydrated || state === 'sending'}
            onClick={() => vote(true)}
          >
            {texts.yes}
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={!hydrated || state === 'sending'}
            onClick={() => vote(false)}
          >
            {texts.no}
          </Button>
          {state === 'sending' ? (
            <span className="text-sm text-muted-foreground">{texts.sending}</span>
          ) : null}
          {state === 'failed' ? (
            <span role="alert" className="text-sm text-destructive">
              {texts.failed}
            </span>
          ) : null}
        </div>
      )}
    </section>
  );
}
