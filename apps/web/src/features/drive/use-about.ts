import { useQuery } from '@tanstack/react-query';
import { aboutQuery } from '@/lib/session/about-query';

/**
 * The member's quota and usage (`GET /drive/v1/about`): one query for the storage meter, the
 * notices and the quota dialog, which the profile refresh shares, so an upload, a deletion or a
 * trash refreshes them all.
 */
export function useAbout() {
  return useQuery(aboutQuery);
}
