/** A share id or file id in a share path (docs/product.md#screens-and-routes: route validation). */
export const shareIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

/** Whether a share id is well formed. */
export function isValidShareId(value: string): boolean {
  return shareIdPattern.test(value);
}

/** Whether every parent folder id of a nested share path is well formed (any depth, at least one). */
export function isValidParentIds(values: readonly string[]): boolean {
  return values.length > 0 && values.every(isValidShareId);
}

/** The path of a folder of a share: `/s/{shareId}` at its root, `/s/{shareId}/{a}/{b}` inside. */
export function shareFolderPath(shareId: string, parentIds: readonly string[]): string {
  return ['/s', shareId, ...parentIds]
    .map((part, index) => (index === 0 ? part : encodeURIComponent(part)))
    .join('/');
}
