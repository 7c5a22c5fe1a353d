import { spawn } from 'node:child_process';

/** Limits of one ffmpeg or ffprobe run on a file anyone may have uploaded. */
export interface RunLimits {
  /** Address space, in MiB (`ulimit -v`): a hostile file cannot make it take the node's memory. */
  memoryMiB: number;
  /** Wall time after which the run is killed, in milliseconds. */
  wallMs: number;
  /** Scheduling niceness (0-19): playback work yields to the API's requests. */
  niceness: number;
}

/** A started run: its output, and how to pause, resume or end it. */
export interface RunningProcess {
  /** Resolves with the exit code (null when killed) once the process has ended. */
  readonly exited: Promise<number | null>;
  /** The standard output (ffprobe's answers); empty for ffmpeg runs writing files. */
  stdout(): string;
  /** The last lines of standard error, for the log when a run fails. */
  stderr(): string;
  pause(): void;
  resume(): void;
  kill(): void;
}

/**
 * Starts `ffmpeg` and `ffprobe`. A port so tests count the runs (a second viewer of cached
 * segments must cause none) and so the limits are applied in one place.
 */
export interface MediaRunner {
  start(command: 'ffmpeg' | 'ffprobe', args: string[], limits: RunLimits): RunningProcess;
}

/** Output kept of a run: ffprobe's JSON of a long film's keyframes fits, stderr keeps its end. */
const maxStdout = 64 * 1024 * 1024;
const maxStderr = 16 * 1024;

/**
 * Runs the tools as `sh -c 'ulimit -v …; exec nice -n … ffmpeg …'`: the address-space limit binds
 * the tool and anything it would start, the niceness keeps playback behind the API, and the wall
 * time ends a run that hangs. Arguments go as separate argv entries, never through the shell's
 * parser, and the environment holds nothing but PATH.
 */
export function createMediaRunner(): MediaRunner {
  return {
    start(command, args, limits) {
      const child = spawn(
        'sh',
        [
          '-c',
          `ulimit -v ${limits.memoryMiB * 1024} && exec nice -n ${limits.niceness} "$0" "$@"`,
          command,
          ...args,
        ],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
          detached: false,
        },
      );
      const out: Buffer[] = [];
      let outBytes = 0;
      let err = '';
      child.stdout.on('data', (chunk: Buffer) => {
        if (outBytes + chunk.length <= maxStdout) {
          out.push(chunk);
          outBytes += chunk.length;
        }
      });
      child.stderr.on('data', (chunk: Buffer) => {
        err = (err + chunk.toString('utf8')).slice(-maxStderr);
      });
      const timer = setTimeout(() => child.kill('SIGKILL'), limits.wallMs);
      timer.unref();
      const exited = new Promise<number | null>((resolve) => {
        child.on('error', () => resolve(null));
        child.on('close', (code) => {
          clearTimeout(timer);
          resolve(code);
        });
      });
      const signal = (name: NodeJS.Signals) => {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill(name);
        }
      };
      return {
        exited,
        stdout: () => Buffer.concat(out).toString('utf8'),
        stderr: () => err,
        pause: () => signal('SIGSTOP'),
        resume: () => signal('SIGCONT'),
        kill: () => {
          signal('SIGCONT');
          signal('SIGKILL');
        },
      };
    },
  };
}
