'use client';

import { useFormatter, useTranslations } from 'next-intl';
import type { SystemState } from './console-api';

const cell = 'px-2 py-1 text-start';

/** The nodes of the fleet seen in the last minutes: role, version, host, uptime, last beat. */
export function SystemNodes({ state }: { state: SystemState }) {
  const t = useTranslations('console.system.nodes');
  const format = useFormatter();
  const checked = Date.parse(state.checked_at);
  const uptime = (startedAt: string) => {
    const minutes = Math.max(0, Math.floor((checked - Date.parse(startedAt)) / 60_000));
    return t('uptimeText', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
  };
  return (
    <section className="flex flex-col gap-2">
      <h2 className="text-lg font-medium">{t('title')}</h2>
      {state.nodes.length === 0 ? (
        <p className="text-muted-foreground">{t('empty')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm tabular-nums" data-testid="system-nodes">
            <thead>
              <tr>
                {(['host', 'role', 'version', 'uptime', 'seen'] as const).map((key) => (
                  <th key={key} scope="col" className={`${cell} font-medium`}>
                    {t(key)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {state.nodes.map((node) => (
                <tr key={node.id} className="border-t border-border">
                  <th scope="row" className={`${cell} font-normal`}>
                    {node.host} <span className="text-muted-foreground">({node.id})</span>
                  </th>
                  <td className={cell}>{node.role === 'worker' ? t('worker') : t('server')}</td>
                  <td className={cell}>{node.version}</td>
                  <td className={cell}>{uptime(node.started_at)}</td>
                  <td className={cell}>
                    {format.relativeTime(new Date(node.seen_at), new Date(state.checked_at))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
