// Video playback (docs/video.md): HLS renditions made on demand, against bare ffmpeg doing the
// same work in the same run. Media made by ffmpeg here: 1080p H.264 + AC3 5.1 in MKV (remux),
// 1080p HEVC 10-bit + EAC3 in MKV (transcode), and a two-hour sparse H.264 + AC3 MKV (seeking).
// Figures: time from the playlist request to the first segment's last byte, cold, at 0 and
// after a seek to the middle; sustained speed (x real time) per rendition; the server's CPU per
// minute of video (its process and the ffmpeg runs it reaped); a second viewer's cost. Targets:
// first segment <= 1.3x bare ffmpeg, remux first segment < 1 s, 720p >= 0.9x bare speed, second
// viewer 0 ffmpeg runs. `BENCH_VIDEO_SECONDS` sets the 1080p clips' length (default 16). The
// first-segment media are uploaded as a member uploads them, and measured once the ingest queue
// has read their facts and keyframes (its time is printed too). The load average is printed
// beside the figures: on a shared machine they are noisy.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  api,
  fetchRetrying,
  hashFile,
  line,
  NotMeasured,
  runBench,
  signUp,
  startNimbus,
  storeInNimbus,
  target,
  tempDir,
} from './lib.mjs';

const seconds = Number(process.env.BENCH_VIDEO_SECONDS ?? 16);

function ffmpeg(args) {
  const result = spawnSync('ffmpeg', ['-v', 'error', '-y', ...args], { stdio: 'inherit' });
  if (result.status !== 0) {
    throw new Error(`ffmpeg ${args.join(' ')} failed`);
  }
}

/** The three media, made once. */
function makeMedia(dir) {
  const source = (size, rate, length) => [
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${size}:rate=${rate}:duration=${length}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${length}`,
  ];
  const remux = path.join(dir, 'film.mkv');
  ffmpeg([
    ...source('1920x1080', 25, seconds),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-g',
    '50',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'ac3',
    '-ac',
    '6',
    remux,
  ]);
  const hevc = path.join(dir, 'hevc10.mkv');
  ffmpeg([
    ...source('1920x1080', 25, seconds),
    '-c:v',
    'libx265',
    '-preset',
    'ultrafast',
    '-x265-params',
    'log-level=error:keyint=50',
    '-pix_fmt',
    'yuv420p10le',
    '-c:a',
    'eac3',
    '-ac',
    '6',
    hevc,
  ]);
  // The same HEVC stream in other bytes: a rendition of it is not in the cache yet.
  const hevcCopy = path.join(dir, 'hevc10-copy.mkv');
  ffmpeg(['-i', hevc, '-map', '0', '-c', 'copy', '-metadata', 'title=copy', hevcCopy]);
  const long = path.join(dir, 'long.mkv');
  ffmpeg([
    ...source('640x360', 1, 7200),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-g',
    '4',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'ac3',
    long,
  ]);
  return { remux, hevc, hevcCopy, long };
}

/** CPU (user + system) of a process and of the children it has reaped, in milliseconds. */
function cpuWithChildren(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;
  return (
    ((Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 1000) /
    ticks
  );
}

/** The server's children (ffmpeg runs) that are running, not paused. */
function busyChildren(pid) {
  let busy = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, parent] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(parent) === pid && state !== 'T' && state !== 'Z') busy += 1;
    } catch {
      // gone meanwhile
    }
  }
  return busy;
}

/** Waits (at most a minute) until no ffmpeg run of the server is working, so runs do not overlap. */
async function quiet(pid) {
  for (let waited = 0; waited < 60_000 && busyChildren(pid) > 0; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Watches for ffmpeg or ffprobe children of the server; `stop()` says how many were seen. */
function childWatch(pid) {
  const seen = new Set();
  const timer = setInterval(() => {
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        const parent = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
        if (Number(parent) === pid) seen.add(entry);
      } catch {
        // gone meanwhile
      }
    }
  }, 5);
  return { stop: () => (clearInterval(timer), seen.size) };
}

async function fetchText(url) {
  const response = await fetchRetrying(url);
  const text = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return text;
}

async function fetchBytes(url) {
  const response = await fetchRetrying(url);
  const body = Buffer.from(await response.arrayBuffer());
  if (!response.ok)
    throw new Error(`${url} answered ${response.status}: ${body.toString().slice(0, 300)}`);
  return body;
}

function segmentsOf(playlist, url) {
  const lines = playlist.split('\n');
  const segments = [];
  let at = 0;
  lines.forEach((text, index) => {
    if (text.startsWith('#EXTINF:')) {
      const length = Number(text.slice(8).replace(',', ''));
      segments.push({ url: new URL(lines[index + 1], url).href, start: at, length });
      at += length;
    }
  });
  return segments;
}

/** Bare ffmpeg making the same segment (or stretch) as the server, to a file; wall seconds. */
function bare(input, { start, length, copyVideo, height }) {
  const out = path.join(path.dirname(input), 'bare.ts');
  const video = copyVideo
    ? ['-c:v', 'copy']
    : [
        '-vf',
        `scale=-2:${height},format=yuv420p`,
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '23',
      ];
  const begun = process.hrtime.bigint();
  ffmpeg([
    ...(start > 0 ? ['-ss', String(start)] : []),
    '-i',
    input,
    '-t',
    String(length),
    '-map',
    '0:v:0',
    '-map',
    '0:a:0',
    ...video,
    '-c:a',
    'aac',
    '-ac',
    '2',
    '-b:a',
    '160k',
    '-f',
    'mpegts',
    out,
  ]);
  return Number(process.hrtime.bigint() - begun) / 1e9;
}

const ms = (value) => `${(value * 1000).toFixed(0).padStart(6)} ms`;

/** The machine's load average over the last minute, printed beside the figures. */
const load = () => `load ${os.loadavg()[0].toFixed(1)}`;

/** One PATCH of a resumable upload from `offset`: the status and the offset the server holds. */
function patch(url, headers, file, offset, size) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'PATCH',
        headers: {
          ...headers,
          'tus-resumable': '1.0.0',
          'content-type': 'application/offset+octet-stream',
          'upload-offset': String(offset),
          'content-length': String(size - offset),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode,
            offset: Number(response.headers['upload-offset']),
          }),
        );
      },
    );
    request.on('error', reject);
    fs.createReadStream(file, { start: offset, highWaterMark: 1024 * 1024 })
      .on('error', reject)
      .pipe(request);
  });
}

/** Uploads a file as a browser does (a resumable upload, PATCH until all is stored); its id. */
async function upload(nimbus, member, file) {
  const size = fs.statSync(file).size;
  const started = await api(nimbus, member, 'POST', '/drive/v1/files', {
    kind: 'drive#file',
    parent_id: '',
    upload_type: 'UPLOAD_TYPE_RESUMABLE',
    name: path.basename(file),
    size: String(size),
  });
  for (let offset = 0; offset < size;) {
    const sent = await patch(started.resumable.params.url, member.headers, file, offset, size);
    if (sent.status !== 204 || !(sent.offset > offset)) {
      throw new Error(`upload of ${file} at ${offset} answered ${sent.status}`);
    }
    offset = sent.offset;
  }
  return started.file.id;
}

/** Waits until the ingest queue has prepared a content (facts and keyframes read). */
async function ingested(nimbus, sha256) {
  const db = new Database(path.join(nimbus.dataDir, 'nimbus.db'), { readonly: true });
  try {
    for (let waited = 0; waited < 300_000; waited += 20) {
      const job = db
        .prepare('select phase, reason from video_prepare_jobs where sha256 = ?')
        .get(sha256);
      if (job?.phase === 'done') return;
      if (job?.phase === 'failed') throw new Error(`ingest of ${sha256} failed: ${job.reason}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`ingest of ${sha256} did not end`);
  } finally {
    db.close();
  }
}

await runBench(async () => {
  if (spawnSync('ffmpeg', ['-version']).status !== 0) {
    throw new NotMeasured('ffmpeg is not installed');
  }
  const dir = tempDir('nimbus-bench-video-');
  process.stdout.write(`making the media (${seconds} s at 1080p, and 2 h sparse)\n`);
  const media = makeMedia(dir);
  // ffmpeg runs at the niceness bare ffmpeg has: the figures compare the work, not the priority.
  const nimbus = await startNimbus({ TRANSCODE_MAX_JOBS: '2', TRANSCODE_NICENESS: '0' });
  try {
    const member = await signUp(nimbus);
    const files = {};
    for (const [name, file] of Object.entries(media)) {
      const digest = await hashFile(file);
      if (name === 'hevcCopy') {
        // Measured for its sustained speed only: stored without the upload's ingest.
        files[name] = {
          file,
          digest,
          id: storeInNimbus(nimbus, member.userId, file, digest, path.basename(file)),
        };
        continue;
      }
      const begun = process.hrtime.bigint();
      const id = await upload(nimbus, member, file);
      const uploaded = Number(process.hrtime.bigint() - begun) / 1e9;
      await ingested(nimbus, digest.sha256);
      const prepared = Number(process.hrtime.bigint() - begun) / 1e9 - uploaded;
      // The upload was written past the page cache (DIRECT_IO); bare ffmpeg reads a file ffmpeg
      // just wrote. Both read from memory, so the figures compare the work, not the disk.
      const blob = path.join(
        nimbus.dataDir,
        'blobs',
        digest.sha256.slice(0, 2),
        digest.sha256.slice(2, 4),
        digest.sha256,
      );
      if (spawnSync('cat', [blob], { stdio: ['ignore', 'ignore', 'inherit'] }).status !== 0) {
        throw new Error(`the stored blob ${blob} could not be read`);
      }
      line(
        `ingest of ${path.basename(file)}: facts and keyframes read after the upload`,
        `${ms(prepared)}  ${load()}`,
      );
      files[name] = { file, digest, id };
    }

    /** The default rendition's playlist URL of a file, and the rendition's plan facts. */
    async function renditionOf(id, name) {
      const got = await api(nimbus, member, 'GET', `/drive/v1/files/${id}`);
      const chosen = got.medias.find((entry) =>
        name ? entry.rendition === name : entry.is_default,
      );
      if (!chosen || chosen.rendition === 'original') {
        throw new NotMeasured(`no HLS rendition for ${id}: ${JSON.stringify(got.medias)}`);
      }
      return chosen;
    }

    // First segment, cold: at 0 and after a seek to the middle, each against bare ffmpeg.
    for (const [name, label] of [
      ['remux', 'remux 1080p H.264+AC3 MKV'],
      ['hevc', '720p transcode of 1080p HEVC 10-bit'],
      ['long', 'remux, 2 h film'],
    ]) {
      const rendition = await renditionOf(files[name].id);
      const copyVideo = rendition.rendition === 'remux';
      for (const where of ['middle', 'start']) {
        const begun = process.hrtime.bigint();
        const playlist = await fetchText(rendition.link.url);
        const listed = Number(process.hrtime.bigint() - begun) / 1e9;
        const segments = segmentsOf(playlist, rendition.link.url);
        const segment = where === 'start' ? segments[0] : segments[Math.floor(segments.length / 2)];
        await fetchBytes(segment.url);
        const took = Number(process.hrtime.bigint() - begun) / 1e9;
        await quiet(nimbus.pid);
        const baseline = bare(files[name].file, {
          ...segment,
          copyVideo,
          height: rendition.video.height,
        });
        line(`bare ffmpeg, first segment at ${where}, ${label}`, `${ms(baseline)}  ${load()}`);
        // The playlist's share of it: a database read, the keyframes were listed at ingest.
        line(`nimbus, playlist answered at ${where}, ${label}`, ms(listed));
        line(`nimbus, playlist to first segment at ${where}, ${label}`, ms(took), took / baseline);
        target(
          `first segment at ${where} <= 1.3x bare ffmpeg (${label})`,
          took <= baseline * 1.3 + 0.05,
          `${(took / baseline).toFixed(2)}x`,
        );
        if (copyVideo) {
          target(`remux first segment at ${where} < 1 s (${label})`, took < 1, ms(took).trim());
        }
      }
    }

    // Sustained speed per rendition, and the server's CPU per minute of video.
    for (const name of ['720p', '1080p', '480p']) {
      // 720p of the first HEVC file was partly made above: its copy in other bytes is measured.
      const source = name === '720p' ? files.hevcCopy : files.hevc;
      await quiet(nimbus.pid);
      const rendition = await renditionOf(source.id, name);
      const segments = segmentsOf(await fetchText(rendition.link.url), rendition.link.url);
      const cpuBefore = cpuWithChildren(nimbus.pid);
      const begun = process.hrtime.bigint();
      for (const segment of segments) {
        await fetchBytes(segment.url);
      }
      const wall = Number(process.hrtime.bigint() - begun) / 1e9;
      // The run ends with its last segment; once reaped its CPU is counted.
      await quiet(nimbus.pid);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const cpu = cpuWithChildren(nimbus.pid) - cpuBefore;
      const bareWall = bare(files.hevc.file, {
        start: 0,
        length: seconds,
        copyVideo: false,
        height: rendition.video.height,
      });
      const speed = seconds / wall;
      const bareSpeed = seconds / bareWall;
      line(`bare ffmpeg ${name} speed`, `${bareSpeed.toFixed(2).padStart(6)} x real time`);
      line(
        `nimbus ${name} sustained speed`,
        `${speed.toFixed(2).padStart(6)} x real time`,
        speed / bareSpeed,
      );
      line(
        `nimbus ${name} server CPU per minute of video`,
        `${((cpu / 1000) * (60 / seconds)).toFixed(1).padStart(6)} s`,
      );
      if (name === '720p') {
        target(
          '720p transcode >= 0.9x bare ffmpeg speed',
          speed >= bareSpeed * 0.9,
          `${(speed / bareSpeed).toFixed(2)}x`,
        );
      }
    }

    // A second viewer: another member holding the same bytes plays all the first one played.
    const first = await renditionOf(files.remux.id, 'remux');
    for (const segment of segmentsOf(await fetchText(first.link.url), first.link.url)) {
      await fetchBytes(segment.url);
    }
    await quiet(nimbus.pid);
    const viewer = await signUp(nimbus);
    const theirs = storeInNimbus(
      nimbus,
      viewer.userId,
      files.remux.file,
      files.remux.digest,
      'same.mkv',
    );
    const watch = childWatch(nimbus.pid);
    const secondBegun = process.hrtime.bigint();
    const got = await api(nimbus, viewer, 'GET', `/drive/v1/files/${theirs}`);
    const remux = got.medias.find((entry) => entry.rendition === 'remux');
    const theirSegments = segmentsOf(await fetchText(remux.link.url), remux.link.url);
    for (const segment of theirSegments) {
      await fetchBytes(segment.url);
    }
    const secondWall = Number(process.hrtime.bigint() - secondBegun) / 1e9;
    const runs = watch.stop();
    line('second viewer, whole remux from the cache', ms(secondWall));
    target(
      'second viewer 0 ffmpeg runs',
      runs === 0,
      `${runs} runs, ${theirSegments.length} cache hits`,
    );
  } finally {
    await nimbus.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
