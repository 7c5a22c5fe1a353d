/*
 * A PGS (Blu-ray picture subtitle, `.sup`) stream written by hand: ffmpeg has no PGS encoder,
 * and its DVD/DVB encoders need pictures to start from. One white box shown from `from` to
 * `until` seconds on a `width`×`height` canvas; ffmpeg muxes it into Matroska with `-c:s copy`.
 */

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function segment(seconds: number, type: number, data: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.write('PG', 0, 'latin1');
  header.writeUInt32BE(Math.round(seconds * 90_000), 2);
  header.writeUInt32BE(0, 6);
  header.writeUInt8(type, 10);
  header.writeUInt16BE(data.length, 11);
  return Buffer.concat([header, data]);
}

function composition(canvas: { width: number; height: number }, number: number, box?: Box) {
  const data = Buffer.alloc(11 + (box ? 8 : 0));
  data.writeUInt16BE(canvas.width, 0);
  data.writeUInt16BE(canvas.height, 2);
  data.writeUInt8(0x10, 4);
  data.writeUInt16BE(number, 5);
  // An epoch start shows the box; a normal composition with no object clears the screen.
  data.writeUInt8(box ? 0x80 : 0x00, 7);
  data.writeUInt8(box ? 1 : 0, 10);
  if (box) {
    data.writeUInt16BE(box.x, 15);
    data.writeUInt16BE(box.y, 17);
  }
  return data;
}

function window(box: Box): Buffer {
  const data = Buffer.alloc(10);
  data.writeUInt8(1, 0);
  data.writeUInt16BE(box.x, 2);
  data.writeUInt16BE(box.y, 4);
  data.writeUInt16BE(box.width, 6);
  data.writeUInt16BE(box.height, 8);
  return data;
}

/** The box's picture: every line one run of palette entry 1, run-length coded as PGS does. */
function picture(box: Box): Buffer {
  const line = Buffer.from([0x00, 0xc0 | (box.width >> 8), box.width & 0xff, 0x01, 0x00, 0x00]);
  const rle = Buffer.concat(Array.from({ length: box.height }, () => line));
  const data = Buffer.alloc(11);
  data.writeUInt8(0xc0, 3);
  data.writeUIntBE(rle.length + 4, 4, 3);
  data.writeUInt16BE(box.width, 7);
  data.writeUInt16BE(box.height, 9);
  return Buffer.concat([data, rle]);
}

export function pgsBox(
  canvas: { width: number; height: number },
  box: Box,
  from: number,
  until: number,
): Buffer {
  // Palette 0, entry 1: white (Y 235, Cr and Cb 128), opaque.
  const palette = Buffer.from([0, 0, 1, 235, 128, 128, 255]);
  return Buffer.concat([
    segment(from, 0x16, composition(canvas, 0, box)),
    segment(from, 0x17, window(box)),
    segment(from, 0x14, palette),
    segment(from, 0x15, picture(box)),
    segment(from, 0x80, Buffer.alloc(0)),
    segment(until, 0x16, composition(canvas, 1)),
    segment(until, 0x17, window(box)),
    segment(until, 0x80, Buffer.alloc(0)),
  ]);
}
