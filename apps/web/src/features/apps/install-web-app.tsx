'use client';

import { MonitorDown } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';

/** The event Chromium browsers fire when the site may be installed (not in the DOM typings). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const standaloneQuery = '(display-mode: standalone)';

function subscribeStandalone(onChange: () => void): () => void {
  const query = window.matchMedia(standaloneQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export interface InstallWebAppProps {
  texts: { install: string; installed: string; hint: string };
}

/**
 * "Install as an app": the browser's own install prompt where it offers one (the site has a
 * web app manifest), otherwise how to add the site to the home screen by hand.
 */
export function InstallWebApp({ texts }: InstallWebAppProps) {
  const [prompt, setPrompt] = useState<InstallPromptEvent | undefined>(undefined);
  const [wasInstalled, setInstalled] = useState(false);
  const isStandalone = useSyncExternalStore(
    subscribeStandalone,
    () => window.matchMedia(standaloneQuery).matches,
    () => false,
  );
  const isInstalled = wasInstalled || isStandalone;

  useEffect(() => {
    const onPrompt = (event: Event) => {
      event.preventDefault();
      setPrompt(event as InstallPromptEvent);
    };
    const onInstalled = () => {
      setInstalled(true);
      setPrompt(undefined);
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  if (isInstalled) {
    return (
      <p className="text-sm text-muted-foreground" role="status">
        {texts.installed}
      </p>
    );
  }
  if (prompt) {
    return (
      <button
        type="button"
        className={buttonVariants({ variant: 'outline' })}
        onClick={() => {
          void prompt.prompt().then(async () => {
            const choice = await prompt.userChoice;
            setPrompt(undefined);
            if (choice.outcome === 'accepted') {
              setInstalled(true);
            }
          });
        }}
      >
        <MonitorDown aria-hidden />
        {texts.install}
      </button>
    );
  }
  return <p className="text-sm text-muted-foreground">{texts.hint}</p>;
}
