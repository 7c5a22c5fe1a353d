export interface PageBudget {
  name: string;
  path: string;
  /** kB (1000 bytes), gzipped: the check fails above it. */
  budget: number;
  /** kB: where the page is headed, printed beside the budget. */
  target?: number;
}
export interface MeasuredScript {
  src: string;
  noModule: boolean;
  gzip: number;
  raw?: number;
  modules?: string[];
}
export declare const pageBudgets: PageBudget[];
export declare function scriptSources(
  html: string,
  pageUrl: string,
): { src: string; noModule: boolean }[];
export declare function clientModuleNames(
  manifests: { clientModules?: Record<string, { id: string | number }> }[],
): Map<string, string>;
export declare function chunkModules(source: string, names: Map<string, string>): string[];
export declare function judgePage(
  page: PageBudget,
  scripts: MeasuredScript[],
): { total: number; over: boolean; lines: string[] };
