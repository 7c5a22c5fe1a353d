export declare const locales: string[];
export declare function checkCatalogues(
  catalogues: { name: string; messages: Record<string, unknown> }[],
): string[];
export declare function checkGlossaries(
  catalogues: { name: string; messages: Record<string, unknown>; files?: Record<string, string> }[],
  glossaries: Record<string, unknown>,
): string[];
export declare function loadRepositoryCatalogues(): {
  name: string;
  messages: Record<string, unknown>;
  files: Record<string, string>;
}[];
export declare function loadRepositoryGlossaries(): Record<string, unknown>;
export declare function checkHelpArticles(
  catalogues: { name: string; messages: Record<string, unknown> }[],
  slugs: readonly string[],
): string[];
export declare function loadHelpArticleSlugs(): Promise<string[]>;
