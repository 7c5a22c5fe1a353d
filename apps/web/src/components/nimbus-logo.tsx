/** The outline of the Nimbus cloud, on a 32 x 32 grid. */
export const cloudPath = 'M9.5 25h14a6 6 0 0 0 .9-11.93A8 8 0 0 0 9.1 12.6 6.2 6.2 0 0 0 9.5 25z';

/** The upward stroke inside the cloud: saving into the drive. */
export const arrowPath = 'M16.5 22v-7m-3 3 3-3 3 3';

export interface CloudMarkProps {
  className?: string;
}

/** The Nimbus mark alone: a blue cloud carrying an upward arrow. Decorative; 32 px unless sized. */
export function CloudMark({ className }: CloudMarkProps) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden focusable="false" className={className ?? 'size-8'}>
      <defs>
        <linearGradient id="nimbus-cloud" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="oklch(0.7 0.14 254)" />
          <stop offset="1" stopColor="oklch(0.52 0.17 258)" />
        </linearGradient>
      </defs>
      <path d={cloudPath} fill="url(#nimbus-cloud)" />
      <path
        d={arrowPath}
        fill="none"
        stroke="#fff"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export interface NimbusLogoProps {
  className?: string;
  /** Hide the wordmark and show the mark only. */
  markOnly?: boolean;
}

/**
 * The Nimbus logo: the cloud mark and the wordmark. Plain class strings (no tailwind-merge), as
 * the error pages ship it to the browser.
 */
export function NimbusLogo({ className, markOnly = false }: NimbusLogoProps) {
  return (
    <span className={`inline-flex items-center gap-2 text-foreground ${className ?? ''}`}>
      <CloudMark />
      {markOnly ? null : <span className="text-xl font-semibold tracking-tight">Nimbus</span>}
    </span>
  );
}
