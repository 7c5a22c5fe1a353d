'use client';

import { useQuery } from '@tanstack/react-query';
import { getAbout } from './drive-api';
import { aboutQueryKey } from './query-keys';
import { storageStateOf } from './quota-state';
import { StorageNoticeView } from './storage-notice-view';

/**
 * The drive's storage-full notice: shown above every drive section while the member's usage
 * reached (or passed) the plan's limit, with the way to more storage. Reads the same `about`
 * query as the storage meter, so an upload, a deletion or a trash refreshes both.
 */
export function StorageNotice({ upgradeHref }: { upgradeHref: string }) {
  const about = useQuery({ queryKey: aboutQueryKey, queryFn: ({ signal }) => getAbout(signal) });
  return <StorageNoticeView state={storageStateOf(about.data)} upgradeHref={upgradeHref} />;
}
