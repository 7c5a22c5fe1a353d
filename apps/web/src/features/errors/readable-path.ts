/** A requested path as the visitor typed it (`%20` shown as a space); malformed escapes stay. */
export function readablePath(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
