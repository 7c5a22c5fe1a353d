import type { ProofRange, ProvenRange } from './gcid';

/*
 * The shapes the upload queue works with: its entries as stored and shown, and the ports it
 * calls (the API, the transfer, the hasher, the store), each implemented beside it.
 */

/**
 * `queued` waits for a slot; `hashing` and `uploading` run; `paused` waits for the member;
 * `needs-file` was restored without its file (the member picks it again); `error` can be retried;
 * `done` and `canceled` are finished.
 */
export type UploadStatus =
  'queued' | 'hashing' | 'uploading' | 'paused' | 'needs-file' | 'error' | 'done' | 'canceled';

/** Where the bytes go, from the server's answer. */
export type TransferTarget =
  { kind: 'tus'; url: string } | { kind: 'form'; url: string; fields: Record<string, string> };

/** What is stored of an entry so that it survives a reload. */
export interface StoredUpload {
  id: string;
  name: string;
  size: number;
  /** The folder the file goes into (`''` is the root). */
  parentId: string;
  /** Where the file sat in the selection, for display (`photos/2024/a.jpg`). */
  relativePath: string;
  /** The file itself; Chromium stores File objects in IndexedDB. */
  file?: Blob;
  /** `paused` and `error` stay as they are after a reload; anything else runs again. */
  status: 'queued' | 'paused' | 'error';
  /** The GCID, once hashed. */
  hash?: string;
  /** The drive file, once created. */
  fileId?: string;
  /** The ranges of an instant upload's proof, until it is answered. */
  proof?: ProofRange[];
  transfer?: TransferTarget;
  /** Bytes the server had when last seen. */
  uploaded: number;
  createdAt: number;
}

/** An entry of the queue as the panel shows it. */
export interface UploadEntry extends Omit<StoredUpload, 'status'> {
  status: UploadStatus;
  /** Bytes hashed, while hashing. */
  hashed: number;
  /** Bytes per second over the last seconds of the transfer. */
  speed: number;
  /** Whether the server completed the file from stored content, with no bytes sent. */
  instant: boolean;
  /** Why the last attempt failed. */
  error?: unknown;
}

/** The file part of the answers of `POST /drive/v1/files` and `:prove`. */
export interface UploadAnswerFile {
  id: string;
  parent_id?: string;
  phase?: string;
}

/** The answer of `POST /drive/v1/files` (a file) and of `POST /drive/v1/files/{id}:prove`. */
export interface UploadAnswer {
  upload_type?: string;
  file?: UploadAnswerFile | null;
  resumable?: { params?: { url?: string } } | null;
  form?: { url?: string; multi_parts?: Record<string, string> | null } | null;
  proof?: { ranges?: ProofRange[] } | null;
}

export interface CreateFileRequest {
  name: string;
  parentId: string;
  size: number;
  hash?: string;
  uploadType: 'UPLOAD_TYPE_RESUMABLE' | 'UPLOAD_TYPE_FORM';
}

/** The calls of docs/api.md#files the queue makes. */
export interface UploadApi {
  createFolder(parentId: string, name: string): Promise<{ id: string }>;
  createFile(request: CreateFileRequest): Promise<UploadAnswer>;
  prove(fileId: string, ranges: ProvenRange[]): Promise<UploadAnswer>;
}

export interface TransferJob {
  file: Blob;
  target: TransferTarget;
  /** Told of the bytes the server has, as they grow. */
  onProgress: (uploaded: number) => void;
  signal: AbortSignal;
}

/** Sends bytes to a transfer target (tus-js-client or a form POST in the browser). */
export interface UploadTransport {
  /** Resolves when the server has every byte; rejects with an AbortError when aborted. */
  send(job: TransferJob): Promise<void>;
  /** Gives up a tus upload on the server (tus termination). */
  terminate(target: TransferTarget): Promise<void>;
}

/** Raised by a transport when the target is gone (expired or unknown): start over. */
export class TransferGoneError extends Error {
  constructor(message = 'upload target is gone') {
    super(message);
    this.name = 'TransferGoneError';
  }
}

export interface UploadHasher {
  hash(file: Blob, onProgress: (hashed: number) => void, signal: AbortSignal): Promise<string>;
}

/** Where queue entries are kept between page loads (IndexedDB in the browser). */
export interface UploadStore {
  list(): Promise<StoredUpload[]>;
  put(upload: StoredUpload): Promise<void>;
  delete(id: string): Promise<void>;
}

export interface UploadQueueDeps {
  api: UploadApi;
  transport: UploadTransport;
  hasher: UploadHasher;
  store: UploadStore;
  /** Files up to this size go in one form POST; larger ones by tus. */
  formLimit?: number;
  /** How many files run at once. */
  concurrency?: number;
  now?: () => number;
  newId?: () => string;
  /**
   * Told of the folders whose listing changed and of the items that came into them: a file
   * completed or folders were created.
   */
  onUploaded?: (parentIds: string[], itemIds: string[]) => void;
  /**
   * Takes an entry for this page (a Web Lock in the browser), so two tabs of the drive never send
   * the same upload; resolves the release, or undefined while another page has it.
   */
  claim?: (id: string) => Promise<(() => void) | undefined>;
  /** How long to wait before asking again for an entry another page has, in milliseconds. */
  claimRetryMs?: number;
}

/** Files up to 1 MiB go in one form POST by default. */
