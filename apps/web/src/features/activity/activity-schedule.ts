/*
 * The seasonal promotions and when each ends (spec section 2: activity-end). After its end an
 * activity page sends the visitor to /activity-end.
 */

/** The promotions, by the last path segment of their page. */
export const activityEnds = {
  christmas: '2027-01-01T00:00:00Z',
  'black-friday': '2026-12-01T00:00:00Z',
  compensation: '2024-12-31T00:00:00Z',
} as const satisfies Record<string, string>;

export type Activity = keyof typeof activityEnds;

/** The page path of an activity. */
export function activityPath(activity: Activity): string {
  return `/activity/${activity}`;
}

/** Whether an activity has ended at `now` (milliseconds since the epoch). */
export function isActivityOver(activity: Activity, now: number): boolean {
  return now >= Date.parse(activityEnds[activity]);
}

/** The activities still running at `now`. */
export function openActivities(now: number): Activity[] {
  return (Object.keys(activityEnds) as Activity[]).filter(
    (activity) => !isActivityOver(activity, now),
  );
}
