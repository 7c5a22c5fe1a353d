import { activationCodesApi } from '@nimbus/contracts';
import type { FastifyInstance } from 'fastify';
import { consoleRoute, type ConsoleRouteDeps } from '../admin/console-route';
import { memberPlugin } from '../auth/require-actor';
import type { Authenticator } from '../auth/authenticator';
import type { ActivationBatchService } from './activation-batch.service';

export interface ActivationBatchRoutesDeps {
  authenticator: Authenticator;
  console: ConsoleRouteDeps;
  batches: ActivationBatchService;
}

/** Activation-code batches of the operator console (docs/api.md#operator-console). */
export function activationBatchRoutes(deps: ActivationBatchRoutesDeps) {
  return async (instance: FastifyInstance) => {
    const { routes: app } = memberPlugin(instance, deps.authenticator);
    const route = consoleRoute(deps.console);

    route(app, activationCodesApi.mintBatch, async (request, caller) => {
      const body = request.body;
      const minted = await deps.batches.mint(caller.userId, {
        type: body.type,
        days: body.days,
        bytes: body.bytes,
        count: body.count,
        maxUses: body.max_uses,
        expiresAt: body.expires_at,
        note: body.note,
      });
      deps.console.audit.record(request, {
        action: 'codes.mint',
        target: { kind: 'code_batch', id: minted.batch.id },
        after: minted.batch,
        reason: body.reason,
      });
      return minted;
    });

    route(app, activationCodesApi.listBatches, async (request) => ({
      data: await deps.batches.search(request.query.q, request.query.limit),
    }));

    route(app, activationCodesApi.batchCodes, async (request) => ({
      data: await deps.batches.codesOf(request.query.batch_id),
    }));

    route(app, activationCodesApi.exportBatch, async (request, _caller, reply) => {
      const csv = await deps.batches.exportCsv(request.query.batch_id);
      void reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="activation-codes.csv"');
      return csv;
    });

    route(app, activationCodesApi.revokeBatch, async (request) => {
      const { before, revoked } = await deps.batches.revokeUnused(request.body.batch_id);
      deps.console.audit.record(request, {
        action: 'codes.revoke',
        target: { kind: 'code_batch', id: before.id },
        before,
        after: { revoked },
        reason: request.body.reason,
      });
      return { revoked };
    });
  };
}
