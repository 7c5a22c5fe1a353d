import type { Modifiers, SelectionState } from '@/features/items/selection';
import { clickItem } from '@/features/items/selection';
import type { RestoreRequestBody, ShareFile, ShareZipBody } from './share-api';

/*
 * Picking single items on the share page: what a pick saves (`POST /drive/v1/share/restore`
 * with `file_ids` and the folders opened to reach them as `ancestor_ids`), what it downloads
 * (one file by its link, anything else as one `POST /drive/v1/share:zip`),
 * and how clicks, taps and keys change it. Pure, so it is tested without a browser.
 */

/** The most items one save takes (`file_ids` of docs/api.md#shares). */
export const maxPickedItems = 1000;
/** The pause between two downloads of a pick, so the browser keeps each one. */
export const downloadGapMs = 700;

/** The items of a pick: the share's items or items of a folder inside it. */
export type PickedItem = Pick<ShareFile, 'id' | 'kind'>;

/**
 * The save of a pick in the folder `parentIds` (empty at the share's root): the chosen ids with
 * the folders opened to reach them; the whole share (`file_ids: []`) when nothing is chosen or
 * everything of the share's root is. Undefined when the pick is larger than one save takes.
 */
export function pickedRestoreBody(
  shareId: string,
  parentIds: readonly string[],
  pickedIds: readonly string[],
  wholeListing: boolean,
): RestoreRequestBody | undefined {
  if (pickedIds.length === 0 || (parentIds.length === 0 && wholeListing)) {
    return { share_id: shareId, file_ids: [] };
  }
  if (pickedIds.length > maxPickedItems) {
    return undefined;
  }
  return {
    share_id: shareId,
    file_ids: [...pickedIds],
    ...(parentIds.length > 0 ? { ancestor_ids: [...parentIds] } : {}),
  };
}

/** The save sent into a folder of the saver's drive; `undefined` for "Saved from shares". */
export function intoFolder(
  body: RestoreRequestBody,
  folderId: string | undefined,
): RestoreRequestBody {
  const rest: RestoreRequestBody = { share_id: body.share_id, file_ids: body.file_ids };
  if (body.ancestor_ids) {
    rest.ancestor_ids = body.ancestor_ids;
  }
  return folderId ? { ...rest, parent_id: folderId, specify_parent_id: true } : rest;
}

/** The most items one zip takes (`file_ids` of `POST /drive/v1/share:zip`). */
export const maxZipItems = 100;

/**
 * The download of a pick in the folder `parentIds`: one file alone is fetched by its own link;
 * anything else (several items, any folder) is one zip of the picked ids with the folders opened
 * to reach them — the whole share when everything of its root is picked, the open folder itself
 * when everything of it is picked and that is more than one zip takes. Undefined for a larger
 * pick (or none).
 */
export function downloadOf(
  shareId: string,
  parentIds: readonly string[],
  items: readonly PickedItem[],
  wholeListing: boolean,
): { kind: 'file'; fileId: string } | { kind: 'zip'; body: ShareZipBody } | undefined {
  const [only] = items;
  if (items.length === 1 && only && only.kind !== 'drive#folder') {
    return { kind: 'file', fileId: only.id };
  }
  if (items.length === 0) {
    return undefined;
  }
  if (wholeListing && parentIds.length === 0) {
    return { kind: 'zip', body: { share_id: shareId, file_ids: [] } };
  }
  if (items.length > maxZipItems) {
    const folder = parentIds.at(-1);
    if (!wholeListing || folder === undefined) {
      return undefined;
    }
    return { kind: 'zip', body: zipBodyOf(shareId, parentIds.slice(0, -1), [folder]) };
  }
  return {
    kind: 'zip',
    body: zipBodyOf(
      shareId,
      parentIds,
      items.map((item) => item.id),
    ),
  };
}

/** The zip of `fileIds` inside the folder `parentIds` (empty at the share's root). */
export function zipBodyOf(
  shareId: string,
  parentIds: readonly string[],
  fileIds: readonly string[],
): ShareZipBody {
  return {
    share_id: shareId,
    file_ids: [...fileIds],
    ...(parentIds.length > 0 ? { ancestor_ids: [...parentIds] } : {}),
  };
}

/**
 * Downloads files one after the other, with a pause between two, so the browser starts each
 * one; stops when `signal` aborts. Answers how many were started.
 */
export async function downloadOneByOne(
  fileIds: readonly string[],
  deps: {
    download: (fileId: string) => Promise<void>;
    sleep: (ms: number) => Promise<void>;
    signal?: AbortSignal;
  },
): Promise<number> {
  let started = 0;
  for (const id of fileIds) {
    if (deps.signal?.aborted) {
      break;
    }
    if (started > 0) {
      await deps.sleep(downloadGapMs);
    }
    await deps.download(id);
    started += 1;
  }
  return started;
}

/**
 * Shift with an arrow key (or Home, End): the range from the anchor — or, when nothing was
 * picked yet, from the item the keyboard leaves — to the item it lands on.
 */
export function extendTo(
  state: SelectionState,
  order: readonly string[],
  from: string,
  to: string,
): SelectionState {
  return clickItem({ ...state, anchor: state.anchor ?? from }, order, to, {
    range: true,
    toggle: false,
  });
}

/** What a click or tap on an item's name does. */
export type PickGesture = 'open' | { modifiers: Modifiers };

/**
 * A click on an item's name opens it (a folder's page, a file's viewer); Ctrl/Cmd toggles it,
 * Shift picks the range from the anchor (Ctrl+Shift adds the range). A tap on a phone while
 * something is picked toggles, as in a phone's gallery.
 */
export function gestureOf(
  press: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean },
  context: { picking: boolean; touch: boolean },
): PickGesture {
  const toggle = press.ctrlKey || press.metaKey;
  if (press.shiftKey || toggle) {
    return { modifiers: { range: press.shiftKey, toggle } };
  }
  if (context.touch && context.picking) {
    return { modifiers: { range: false, toggle: true } };
  }
  return 'open';
}

/**
 * The ids of a save waiting for the sign-in that were picked in this very folder, so the page
 * shows them picked again after a reload; none for a save of the whole share or of another
 * folder.
 */
export function pendingPickOf(
  body: RestoreRequestBody | undefined,
  parentIds: readonly string[],
): string[] {
  if (!body || body.file_ids.length === 0) {
    return [];
  }
  const path = body.ancestor_ids ?? [];
  const same =
    path.length === parentIds.length && path.every((id, index) => id === parentIds[index]);
  return same ? body.file_ids : [];
}
