'use client';

import type { ReactNode } from 'react';
import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { ErrorTexts } from '@/lib/api/error-text';
import type { PickedTree } from './folder-tree';
import type { UploadEntry } from './upload-types';
import type { UploadQueue } from './upload-queue';

export interface UploadContextValue {
  /** Undefined until the queue has loaded (it holds no entry before). */
  queue: UploadQueue | undefined;
  entries: readonly UploadEntry[];
  /** Uploads a picked or dropped selection into a folder, keeping its tree. */
  upload: (parentId: string, tree: PickedTree) => void;
  /** How many selections are still having their folders made. */
  preparing: number;
  /** The failure of the last selection that could not start (its folders could not be made). */
  failure: unknown;
  dismissFailure: () => void;
  /** Shows a failure of a selection that could not be read. */
  fail: (error: unknown) => void;
  errorTexts: ErrorTexts;
}

const UploadContext = createContext<UploadContextValue | undefined>(undefined);

export interface UploadProviderProps {
  children: ReactNode;
  /**
   * Whose queue this is (the member's user id): entries stored in this browser are kept per
   * member, so another member signing in here does not see them. The signed-in member of this
   * browser by default.
   */
  owner?: string;
  /**
   * Told of the folders whose listing changed and the items that came into them (a file
   * finished uploading, or a dropped selection's folders were made), to list them.
   */
  onUploaded?: (parentIds: string[], itemIds: string[]) => void;
  /** The shared error messages of the page's locale (the `errors` namespace). */
  errorTexts?: ErrorTexts;
}

const noErrorTexts: ErrorTexts = {};

const noEntries: readonly UploadEntry[] = [];
const noSubscription = () => () => {};
const readNoEntries = () => noEntries;

/** Runs `run` when the browser is idle after the page's first paint (soon, where it cannot tell). */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(run, 200);
  return () => window.clearTimeout(handle);
}

/**
 * Holds the drive's upload queue for the pages below it: restores the entries of an earlier
 * page load from IndexedDB and goes on with them. The queue's code loads once the page is idle
 * (or at the first upload, if sooner), so it does not weigh on the drive's first load.
 */
export function UploadProvider({
  children,
  owner,
  onUploaded,
  errorTexts = noErrorTexts,
}: UploadProviderProps) {
  const [firstOwner] = useState(owner);
  const [queue, setQueue] = useState<UploadQueue>();
  const loading = useRef<Promise<UploadQueue>>(undefined);
  const [preparing, setPreparing] = useState(0);
  const [failure, setFailure] = useState<unknown>();
  const entries = useSyncExternalStore(
    queue?.subscribe ?? noSubscription,
    queue?.getSnapshot ?? readNoEntries,
    queue?.getSnapshot ?? readNoEntries,
  );

  const loadQueue = useCallback((): Promise<UploadQueue> => {
    loading.current ??= import('./upload-queue-setup').then(({ createBrowserUploadQueue }) => {
      const loaded = createBrowserUploadQueue(firstOwner);
      setQueue(loaded);
      loaded.restore().catch((error: unknown) => setFailure(error));
      return loaded;
    });
    return loading.current;
  }, [firstOwner]);

  useEffect(() => {
    queue?.setOnUploaded(onUploaded);
  }, [queue, onUploaded]);

  useEffect(
    () =>
      whenIdle(() => {
        loadQueue().catch((error: unknown) => setFailure(error));
      }),
    [loadQueue],
  );

  const upload = useCallback(
    (parentId: string, tree: PickedTree) => {
      if (tree.files.length === 0 && tree.folders.length === 0) {
        return;
      }
      setPreparing((count) => count + 1);
      loadQueue()
        .then((loaded) => loaded.addTree(parentId, tree))
        .catch((error: unknown) => setFailure(error))
        .finally(() => setPreparing((count) => count - 1));
    },
    [loadQueue],
  );

  const value = useMemo<UploadContextValue>(
    () => ({
      queue,
      entries,
      upload,
      preparing,
      failure,
      dismissFailure: () => setFailure(undefined),
      fail: setFailure,
      errorTexts,
    }),
    [queue, entries, upload, preparing, failure, errorTexts],
  );
  return <UploadContext value={value}>{children}</UploadContext>;
}

/** The upload queue of the page; throws outside an `UploadProvider`. */
export function useUploads(): UploadContextValue {
  const value = use(UploadContext);
  if (!value) {
    throw new Error('useUploads needs an UploadProvider');
  }
  return value;
}
