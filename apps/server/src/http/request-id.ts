import { randomFillSync } from 'node:crypto';

/** Ids made per refill of the pool: one random fill and one hex encoding serve this many calls. */
const idsPerFill = 256;
/** Bytes of an id: 128 random bits, as many as a random UUID's 122 and more. */
const idBytes = 16;

const pool = Buffer.alloc(idsPerFill * idBytes);
let hex = '';
let next = idsPerFill;

/**
 * A new request id: 32 lower-case hex digits of fresh randomness. Every request that brings no
 * id of its own gets one, so they are cut from one random fill encoded once (a slice of a
 * string is one step), where `randomUUID()` encodes each id byte by byte and the id's string
 * then has to be flattened before it is written as a header.
 */
export function newRequestId(): string {
  if (next === idsPerFill) {
    hex = randomFillSync(pool).toString('hex');
    next = 0;
  }
  const start = next * idBytes * 2;
  next += 1;
  return hex.slice(start, start + idBytes * 2);
}
