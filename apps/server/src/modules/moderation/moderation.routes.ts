import { moderationApi } from '@nimbus/contracts';
import type { FastifyInstance } from 'fastify';
import { consoleRoute, type ConsoleRouteDeps } from '../admin/console-route';
import { memberPlugin } from '../auth/require-actor';
import type { Authenticator } from '../auth/authenticator';
import { toDecisionDto, toQueueEntryDto } from './moderation.dto';
import type { ShareDecisionService } from './share-decision.service';
import type { SharePreviewService } from './share-preview.service';

export interface ModerationRoutesDeps {
  authenticator: Authenticator;
  console: ConsoleRouteDeps;
  decisions: ShareDecisionService;
  previews: SharePreviewService;
}

/**
 * A preview is opened by the console in an `<img>` or read as text, never as a page: no script,
 * style, frame or form may run from it even when opened on its own, it is not sniffed into
 * another type, not cached, and not embeddable by other origins.
 */
const previewHeaders = {
  'content-security-policy': "default-src 'none'; sandbox",
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'private, no-store',
};

/** The moderation queue of the operator console (docs/api.md#moderation), for moderators. */
export function moderationRoutes(deps: ModerationRoutesDeps) {
  return async (instance: FastifyInstance) => {
    const { routes: app } = memberPlugin(instance, deps.authenticator);
    const route = consoleRoute(deps.console);

    route(app, moderationApi.queue, async (request) => {
      const page = await deps.decisions.queue({
        filters: request.query.filters,
        limit: request.query.limit,
        pageToken: request.query.page_token === '' ? undefined : request.query.page_token,
      });
      return { data: page.entries.map(toQueueEntryDto), next_page_token: page.nextPageToken };
    });

    route(app, moderationApi.decide, async (request, caller) => {
      const made = await deps.decisions.decide(caller, {
        shareIds: request.body.share_ids,
        action: request.body.action,
        reasonCode: request.body.reason_code,
        note: request.body.reason,
        contentWide: request.body.content_wide,
      });
      const [first] = made;
      deps.console.audit.record(request, {
        action: `shares.${request.body.action}`,
        target:
          made.length === 1 && first
            ? { kind: 'share', id: first.share_id }
            : { kind: 'shares', id: `${made.length} shares` },
        before: made.map((one) => ({
          share_id: one.share_id,
          audit_status: one.before.auditStatus,
          moderation_reason: one.before.moderationReason,
          sharer_status: one.before.sharerStatus,
        })),
        after: made.map(toDecisionDto),
        reason: request.body.reason,
      });
      return { data: made.map(toDecisionDto) };
    });

    route(app, moderationApi.undo, async (request, caller) => {
      const undone = await deps.decisions.undo(caller, request.body.decision_id);
      deps.console.audit.record(request, {
        action: 'shares.undo',
        target: { kind: 'decision', id: undone.id },
        before: { ...toDecisionDto(undone), undone_at: '', undone_by: '' },
        after: toDecisionDto(undone),
        reason: request.body.reason,
      });
      return toDecisionDto(undone);
    });

    route(app, moderationApi.preview, async (request, _caller, reply) => {
      const preview = await deps.previews.preview(request.params.share_id, request.query.file_id);
      const extension = preview.contentType.startsWith('text/')
        ? 'txt'
        : preview.contentType.slice('image/'.length);
      return reply
        .headers({
          ...previewHeaders,
          'content-type': preview.contentType,
          'content-disposition': `inline; filename="preview.${extension}"`,
        })
        .send(await preview.open());
    });
  };
}
