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
import { browserClient } from '@/lib/api/browser-client';
import { readCredentials } from '@/lib/session/credentials';
import type { PickedTree } from './folder-tree';
import { workerHasher } from './gcid-hasher';
import { createUploadApi } from './upload-api';
import { claimWithWebLock } from './upload-lock';
import type { UploadEntry } from './upload-types';
import { UploadQueue } from './upload-queue';
import { indexedDbUploadStore } from './upload-store';
import { browserTransport } from './upload-transport';

export interface UploadContextValue {
  queue: UploadQueue;
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

/**
 * Holds the drive's upload queue for the pages below it: restores the entries of an earlier
 * page load from IndexedDB and goes on with them.
 */
export function UploadProvider({
  children,
  owner,
  onUploaded,
  errorTexts = noErrorTexts,
}: UploadProviderProps) {
  const [queue] = useState(
    () =>
      new UploadQueue({
        api: createUploadApi(browserClient),
        transport: browserTransport,
        hasher: workerHasher(),
        store: indexedDbUploadStore(() => owner ?? readCredentials()?.user_id ?? ''),
        claim: claimWithWebLock,
      }),
  );
  const [preparing, setPreparing] = useState(0);
  const [failure, setFailure] = useState<unknown>();
  const restored = useRef(false);
  const entries = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);

  useEffect(() => {
    queue.setOnUploaded(onUploaded);
  }, [queue, onUploaded]);

  useEffect(() => {
    if (restored.current) {
      return;
    }
    restored.current = true;
    queue.restore().catch((error: unknown) => setFailure(error));
  }, [queue]);

  const upload = useCallback(
    (parentId: string, tree: PickedTree) => {
      if (tree.files.length === 0 && tree.folders.length === 0) {
        return;
      }
      setPreparing((count) => count + 1);
      queue
        .addTree(parentId, tree)
        .catch((error: unknown) => setFailure(error))
        .finally(() => setPreparing((count) => count - 1));
    },
    [queue],
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
