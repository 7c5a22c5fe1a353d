import { useEffect, useState } from 'react';

/** A loader that runs once: every caller shares its first promise. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}

/**
 * A module loaded the first time `needed` is true: undefined until it has arrived. A dialog that
 * opens only once its content is here focuses that content's first field, as a dialog whose
 * content was in the page's first load does.
 */
export function useLoadedWhen<T>(load: () => Promise<T>, needed: boolean): T | undefined {
  const [loaded, setLoaded] = useState<T | undefined>(undefined);
  useEffect(() => {
    if (!needed || loaded !== undefined) {
      return;
    }
    let live = true;
    load().then(
      (module) => {
        if (live) {
          setLoaded(() => module);
        }
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [load, needed, loaded]);
  return loaded;
}
