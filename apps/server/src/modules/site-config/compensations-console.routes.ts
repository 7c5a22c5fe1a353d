import { adminCompensationsApi, type ConsoleCompensation } from '@nimbus/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pageTokenOf, readPageToken } from '../../http/page-token';
import { consoleRoute, type ConsoleRouteDeps } from '../admin/console-route';
import { memberPlugin } from '../auth/require-actor';
import type { Authenticator } from '../auth/authenticator';
import type { SiteConfigService } from './site-config.service';
import type { CompensationClaimsRepository } from '../membership/compensation-claims.repository';

export interface CompensationsConsoleRoutesDeps {
  authenticator: Authenticator;
  console: ConsoleRouteDeps;
  siteConfig: Pick<SiteConfigService, 'activityOperation'>;
  claims: CompensationClaimsRepository;
}

const positionSchema = z.object({ createdAt: z.string().max(32), userId: z.string().max(64) });

/** The activity a compensation's claims are recorded under (`activity_grants.activity`). */
const activityOf = (type: string) => `compensation:${type}`;

/**
 * The compensations of the operator console (docs/api.md#operator-console): those in force
 * (configuration, then the setting `activity_operation.compensations`) with their claims
 * counted, and each one's claimers newest first.
 */
export function compensationsConsoleRoutes(deps: CompensationsConsoleRoutesDeps) {
  return async (instance: FastifyInstance) => {
    const { routes: app } = memberPlugin(instance, deps.authenticator);
    const route = consoleRoute(deps.console);

    route(app, adminCompensationsApi.listCompensations, async () => {
      const { compensations } = await deps.siteConfig.activityOperation();
      const offers = Object.entries(compensations).sort(([a], [b]) => a.localeCompare(b));
      const totals = new Map(
        (await deps.claims.totals(offers.map(([type]) => activityOf(type)))).map((row) => [
          row.activity,
          row,
        ]),
      );
      const data: ConsoleCompensation[] = offers.map(([type, offer]) => {
        const counted = totals.get(activityOf(type));
        return {
          type,
          days: offer.days,
          joined_before: offer.joined_before,
          ends_at: offer.ends_at,
          claims: counted?.claims ?? 0,
          days_granted: counted?.days ?? 0,
          last_claim_at: counted?.lastAt ?? '',
        };
      });
      return { data };
    });

    route(app, adminCompensationsApi.compensationClaims, async (request) => {
      const { limit, page_token: pageToken } = request.query;
      const position = pageToken ? readPageToken(pageToken, positionSchema) : undefined;
      const rows = await deps.claims.claims(activityOf(request.params.type), position, limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        data: page.map((row) => ({ ...row, days: Number(row.days) })),
        next_page_token:
          rows.length > limit && last
            ? pageTokenOf({ createdAt: last.created_at, userId: last.user_id })
            : '',
      };
    });
  };
}
