'use client';

import { useAbout } from './use-about';
import { storageStateOf } from './quota-state';
import { StorageNoticeView } from './storage-notice-view';

/**
 * The drive's storage-full notice: shown above every drive section while the member's usage
 * reached (or passed) the plan's limit, with the way to more storage. Reads the same `about`
 * query as the storage meter, so an upload, a deletion or a trash refreshes both.
 */
export function StorageNotice({ upgradeHref }: { upgradeHref: string }) {
  const about = useAbout();
  return <StorageNoticeView state={storageStateOf(about.data)} upgradeHref={upgradeHref} />;
}
