import { ImageResponse } from 'next/og';
import { arrowPath, cloudPath } from '@/components/nimbus-logo';

export const size = { width: 180, height: 180 };
export const contentType = 'image/png';

/** The home-screen icon: the white cloud mark on the brand gradient, drawn at build time. */
export default function AppleIcon() {
  return new ImageResponse(
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'linear-gradient(135deg, #5b9bf5, #2456c4)',
      }}
    >
      <svg width="150" height="150" viewBox="0 0 32 32">
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
    size,
  );
}
