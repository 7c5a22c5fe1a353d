import { analyticsBodySchema, analyticsLimits, appDownloadCountsSchema } from '@nimbus/contracts';

/*
 * The shapes of `/statistics/pub/*`: the event body (one event or `{events: [...]}`, the
 * contracts' schema, strict) and the download counts.
 */

/** `POST /statistics/pub/event`: one event or a batch. */
export const eventBodySchema = analyticsBodySchema;

/** `GET /statistics/pub/download`. */
export const downloadCountsSchema = appDownloadCountsSchema;

/** The largest body of `POST /statistics/pub/event`, in bytes. */
export const eventBodyLimit = analyticsLimits.bodyMaxBytes;
