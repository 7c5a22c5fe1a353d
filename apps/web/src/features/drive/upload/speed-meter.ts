/** How far back the speed looks, in milliseconds. */
const windowMs = 5000;

/**
 * The speed of a transfer over its last few seconds, from `(bytes so far, time)` samples: steady
 * enough to read, quick to follow a change of network.
 */
export class SpeedMeter {
  private samples: { bytes: number; at: number }[] = [];

  /** Records the bytes sent so far at a time in milliseconds. */
  record(bytes: number, at: number): void {
    const last = this.samples.at(-1);
    if (last && bytes < last.bytes) {
      // The transfer started over (a resumed upload reports from the server's offset).
      this.samples = [];
    }
    this.samples.push({ bytes, at });
    while (this.samples.length > 2 && (this.samples[1]?.at ?? at) <= at - windowMs) {
      this.samples.shift();
    }
  }

  /** Bytes per second, 0 until two samples are some time apart. */
  speed(): number {
    const first = this.samples[0];
    const last = this.samples.at(-1);
    if (!first || !last || last.at <= first.at) {
      return 0;
    }
    return ((last.bytes - first.bytes) * 1000) / (last.at - first.at);
  }
}
