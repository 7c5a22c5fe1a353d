import type { DataExport } from '@nimbus/contracts';
import { dataExportRoutes } from '@nimbus/contracts/routes';
import { browserClient } from '@/lib/api/browser-client';

/*
 * "Export my data" (`/v1/user/export`), called through the API catalogue's entries. The download
 * itself is a plain link: the browser sends the member's session cookie with it.
 */

export type { DataExport };

export function dataExportStatus(): Promise<DataExport> {
  return browserClient().call(dataExportRoutes.status);
}

export function requestDataExport(): Promise<DataExport> {
  return browserClient().call(dataExportRoutes.request);
}
