import {} from '@nimbus/contracts';
import { driveRoutes } from '@nimbus/contracts/routes';
import { browserClient } from '@/lib/api/browser-client';

/** The purchase pages' calls, through the API catalogue. */

/** `GET /drive/v1/about`: the member's storage, traffic and task usage against the plan. */
export const getAbout = (signal?: AbortSignal) =>
  browserClient().call(driveRoutes.about, {}, signal ? { signal } : {});

/** What `getAbout` resolves. */
export type About = Awaited<ReturnType<typeof getAbout>>;
