import { encode } from 'uqr';

export interface QrCodeProps {
  value: string;
  /** Accessible description of what the code holds. */
  label: string;
  size?: number;
}

/** A QR code of `value` as an SVG, dark on white with a quiet zone, for any theme. */
export function QrCode({ value, label, size = 192 }: QrCodeProps) {
  const qr = encode(value, { border: 2 });
  let path = '';
  qr.data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) {
        path += `M${x} ${y}h1v1h-1z`;
      }
    });
  });
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      shapeRendering="crispEdges"
      className="rounded-lg bg-white"
    >
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
