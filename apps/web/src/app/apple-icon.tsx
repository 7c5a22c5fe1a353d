import { appIconImage } from '@/features/web-app/app-icon-image';

export const size = { width: 180, height: 180 };
export const contentType = 'image/png';

/** The home-screen icon of iOS: the square tile (iOS rounds its corners itself). */
export default function AppleIcon() {
  return appIconImage(size.width, 'apple');
}
