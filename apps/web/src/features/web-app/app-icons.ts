/*
 * The web app manifest's PNG icons, drawn at build time by app-icon-image.tsx and served under
 * `/icons/` (app/icons/[name]/route.tsx).
 */

/** How the launcher may use an icon (the manifest's `purpose`). */
export type IconPurpose = 'any' | 'maskable';

export interface AppIcon {
  /** The file name under `/icons/`. */
  name: string;
  size: number;
  purpose: IconPurpose;
}

/** Every PNG icon the manifest lists: Android's launcher sizes and the splash screen's. */
export const appIcons: readonly AppIcon[] = [
  { name: 'icon-192.png', size: 192, purpose: 'any' },
  { name: 'icon-512.png', size: 512, purpose: 'any' },
  { name: 'maskable-192.png', size: 192, purpose: 'maskable' },
  { name: 'maskable-512.png', size: 512, purpose: 'maskable' },
];

/** The URL path of an icon. */
export function appIconPath(icon: AppIcon): string {
  return `/icons/${icon.name}`;
}
