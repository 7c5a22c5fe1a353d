/** The cache key of the member's share links (`GET /drive/v1/share/list`). */
export const sharesQueryKey = ['drive', 'shares'] as const;
