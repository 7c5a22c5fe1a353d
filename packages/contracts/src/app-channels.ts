/* The apps' download channels, without zod: the browser needs them on every page (analytics). */

/**
 * The download channels: the five of docs/product.md#entities (`android` is the package file, `gp` the Android app
 * store, `ios` the iOS app store, `tv` the TV package, `windows`), the two Mac builds and the
 * browser extension's stores.
 */
export const appChannels = [
  'android',
  'gp',
  'ios',
  'tv',
  'windows',
  'mac_apple_silicon',
  'mac_intel',
  'extension_chrome',
  'extension_edge',
  'extension_firefox',
] as const;
export type AppChannel = (typeof appChannels)[number];
