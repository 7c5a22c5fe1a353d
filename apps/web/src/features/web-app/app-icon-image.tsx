import { ImageResponse } from 'next/og';
import { arrowPath, cloudPath } from '@/components/nimbus-logo';
import type { IconPurpose } from './app-icons';

/*
 * The app's icons, drawn from the logo's paths at build time (no image is stored in the
 * repository): the white cloud mark on the brand gradient. An `any` icon is a rounded tile with
 * the mark filling most of it; a `maskable` one fills its square with the gradient and keeps the
 * mark inside the central safe zone (a circle of 80 % of the side), since the launcher cuts it
 * to its own shape.
 */

const gradient = 'linear-gradient(135deg, #5b9bf5, #2456c4)';

/**
 * How each kind of tile is drawn: whether its corners are rounded and the mark's share of the
 * side. iOS rounds a home-screen icon itself, so its tile is a full square with a large mark.
 */
const tiles: Record<IconPurpose | 'apple', { rounded: boolean; mark: number }> = {
  any: { rounded: true, mark: 0.84 },
  maskable: { rounded: false, mark: 0.62 },
  apple: { rounded: false, mark: 0.84 },
};

/** The PNG of a square icon of `size` pixels, drawn as the tile of `kind`. */
export function appIconImage(size: number, kind: IconPurpose | 'apple'): ImageResponse {
  const tile = tiles[kind];
  const mark = Math.round(size * tile.mark);
  return new ImageResponse(
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: gradient,
        borderRadius: tile.rounded ? Math.round((size * 7) / 32) : 0,
      }}
    >
      <svg width={mark} height={mark} viewBox="0 0 32 32">
        <path d={cloudPath} fill="#fff" />
        <path
          d={arrowPath}
          fill="none"
          stroke="#2456c4"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </div>,
    { width: size, height: size },
  );
}
