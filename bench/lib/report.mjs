// What a bench prints: figures with their ratio to a baseline, targets, and its exit code.

/** The p-th percentile (0..100) of numbers, nearest rank. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export const median = (values) => percentile(values, 50);

/** Prints one line: a name, a figure, and its ratio to a baseline when there is one. */
export function line(name, figure, ratio) {
  const suffix = ratio === undefined ? '' : `  ${ratio.toFixed(2)}x baseline`;
  process.stdout.write(`${name.padEnd(62)} ${figure}${suffix}\n`);
}

let missedTargets = 0;

/** Prints a check against a target of the issue: `ok` or `MISSED` (which fails the bench). */
export function target(name, ok, detail) {
  missedTargets += ok ? 0 : 1;
  process.stdout.write(`${(ok ? 'ok' : 'MISSED').padEnd(7)}${name}: ${detail}\n`);
}

/** A bench stops without a figure: what it measures is not served by this build. */
export class NotMeasured extends Error {}

/**
 * Runs a bench: exit code 1 when it failed, could not measure (printed as `not measured: ...`)
 * or missed a target of the issue.
 */
export async function runBench(body) {
  try {
    await body();
    process.exitCode = missedTargets > 0 ? 1 : 0;
  } catch (error) {
    if (error instanceof NotMeasured) {
      process.stdout.write(`not measured: ${error.message}\n`);
    } else {
      const cause =
        error instanceof Error && error.cause ? `\ncaused by: ${String(error.cause)}` : '';
      process.stderr.write(
        `${error instanceof Error ? (error.stack ?? error.message) : String(error)}${cause}\n`,
      );
    }
    process.exitCode = 1;
  }
}

/** A bytes-per-second figure as MiB/s, padded for the result table. */
export const mibps = (bytesPerSecond) =>
  `${(bytesPerSecond / 1024 / 1024).toFixed(0).padStart(6)} MiB/s`;

/** Prints the median of several runs' rates, with the best run and the ratio to a baseline. */
export function rateLine(name, rates, baselineRate) {
  const rate = median(rates);
  line(
    name,
    `${mibps(rate)}  (median of ${rates.length}, best ${mibps(Math.max(...rates)).trim()})`,
    baselineRate === undefined ? undefined : rate / baselineRate,
  );
  return rate;
}
