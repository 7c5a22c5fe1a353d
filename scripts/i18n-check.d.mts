export declare const locales: string[];
export declare function checkCatalogues(
  catalogues: { name: string; messages: Record<string, unknown> }[],
): string[];
export declare function loadRepositoryCatalogues(): {
  name: string;
  messages: Record<string, unknown>;
}[];
