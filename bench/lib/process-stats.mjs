// What a process under load costs: its memory, its CPU time, and the load made with autocannon.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import autocannon from 'autocannon';

function statusKiB(pid, field) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return match ? Number(match[1]) : 0;
}

/**
 * Watches the resident memory of a process during a measurement: start() resets the kernel's
 * peak (VmHWM, via /proc/<pid>/clear_refs) and takes the current VmRSS as the baseline; stop()
 * returns the baseline and the peak (the larger of VmHWM and VmRSS sampled every 10 ms), in MiB.
 */
export function rssWatch(pid) {
  let baseline = 0;
  let peak = 0;
  let timer;
  const sample = () => {
    try {
      peak = Math.max(peak, statusKiB(pid, 'VmRSS'));
    } catch {
      // the process is gone; keep what was seen
    }
  };
  return {
    start() {
      try {
        fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
      } catch {
        // not allowed here: the sampled VmRSS still gives the peak
      }
      baseline = statusKiB(pid, 'VmRSS');
      peak = baseline;
      timer = setInterval(sample, 10);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      sample();
      try {
        peak = Math.max(peak, statusKiB(pid, 'VmHWM'));
      } catch {
        // gone
      }
      return {
        baselineMiB: baseline / 1024,
        peakMiB: peak / 1024,
        growthMiB: (peak - baseline) / 1024,
      };
    },
  };
}

let clockTicks;

/** CPU time (user + system) a process has used so far, in milliseconds, from /proc/<pid>/stat. */
export function cpuMillis(pid) {
  clockTicks ??=
    Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at the state, field 3.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
}

/**
 * CPU time (user + system) of a process's main thread and of all its other threads together
 * (hash threads, the libuv pool, V8's helpers) so far, in milliseconds.
 */
export function threadCpuMillis(pid) {
  clockTicks ??=
    Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
  let main = 0;
  let others = 0;
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    let stat;
    try {
      stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    } catch {
      // The thread ended meanwhile.
      continue;
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const millis = ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
    if (Number(tid) === pid) {
      main += millis;
    } else {
      others += millis;
    }
  }
  return { main, others };
}

/** Runs autocannon against a URL: requests per second, requests answered, latency percentiles. */
export async function load(options) {
  const result = await autocannon({ connections: 32, duration: 5, ...options });
  if (result.errors > 0 || (result.non2xx > 0 && !options.expectErrors)) {
    throw new Error(`${options.url}: ${result.errors} errors, ${result.non2xx} non-2xx answers`);
  }
  return {
    rps: result.requests.average,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

/** Runs `task(index)` for indexes below `total`, `concurrency` at a time; seconds taken. */
export async function timedConcurrently(task, total, concurrency) {
  const started = process.hrtime.bigint();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const index = next;
        next += 1;
        await task(index);
      }
    }),
  );
  return Number(process.hrtime.bigint() - started) / 1e9;
}
