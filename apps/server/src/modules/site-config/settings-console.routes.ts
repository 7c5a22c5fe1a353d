import { adminSettingsApi } from '@nimbus/contracts';
import type { FastifyInstance } from 'fastify';
import { consoleRoute, type ConsoleRouteDeps } from '../admin/console-route';
import { memberPlugin } from '../auth/require-actor';
import type { Authenticator } from '../auth/authenticator';
import type { SettingChangeDone, SettingsConsoleService } from './settings-console.service';
import { storedSettingValue } from './stored-setting';

export interface SettingsConsoleRoutesDeps {
  authenticator: Authenticator;
  console: ConsoleRouteDeps;
  settings: SettingsConsoleService;
}

/** The site settings of the operator console (docs/api.md#operator-console). */
export function settingsConsoleRoutes(deps: SettingsConsoleRoutesDeps) {
  return async (instance: FastifyInstance) => {
    const { routes: app } = memberPlugin(instance, deps.authenticator);
    const route = consoleRoute(deps.console);
    const audited = (
      request: Parameters<ConsoleRouteDeps['audit']['record']>[0],
      action: string,
      done: SettingChangeDone,
      reason: string,
    ) => {
      deps.console.audit.record(request, {
        action,
        target: { kind: 'setting', id: done.change.name },
        before: storedSettingValue(done.change.before),
        after: storedSettingValue(done.change.after),
        reason,
      });
      return done.setting;
    };

    route(app, adminSettingsApi.listSettings, async () => ({
      data: await deps.settings.list(),
    }));

    route(app, adminSettingsApi.updateSetting, async (request, caller) => {
      const { name, value, reason } = request.body;
      const done = await deps.settings.update(name, value, caller.userId, reason);
      return audited(request, 'settings.update', done, reason);
    });

    route(app, adminSettingsApi.settingHistory, async (request) =>
      deps.settings.history(request.query.name, request.query.limit, request.query.page_token),
    );

    route(app, adminSettingsApi.revertSetting, async (request, caller) => {
      const { change_id: changeId, reason } = request.body;
      const done = await deps.settings.revert(changeId, caller.userId, reason);
      return audited(request, 'settings.revert', done, reason);
    });
  };
}
