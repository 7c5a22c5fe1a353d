import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterEach, beforeEach, expect } from 'vitest';
import type { Dialect } from '../../src/db/database';
import { buildTestApp, testClock, type TestApp } from '../helper';
import { signedInMember } from '../identity';

export const contentOrigin = 'http://content.nimbus-usercontent.test';

export interface LinkBody {
  url: string;
  token: string;
  expire: string;
  type: string;
}

export interface FileBody {
  id: string;
  name: string;
  file_category: string;
  web_content_link: string;
  thumbnail_link: string;
  links: Record<string, LinkBody>;
  medias: {
    media_id: string;
    link: LinkBody;
    is_playable: boolean;
    video: { audio_codec: string };
  }[];
  params: Record<string, string>;
}

/** 0..99 as bytes: every range of it is easy to check. */
export const hundred = Buffer.from(Array.from({ length: 100 }, (_, index) => index));

/** The path of a content link, for `inject` (the host is the content origin). */
export function pathOf(url: string): string {
  const parsed = new URL(url);
  expect(parsed.origin).toBe(contentOrigin);
  return parsed.pathname + parsed.search;
}

export async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();
}

/** Downloads and previews on a fresh app for every test (links on the content origin for an hour, a clock the test moves), and the calls the tests make through it. */
export function useContentApp(dialect: Dialect) {
  let t: TestApp;
  let clock = testClock();

  beforeEach(async () => {
    clock = testClock();
    t = await buildTestApp(
      dialect,
      { CONTENT_ORIGIN: contentOrigin, CONTENT_LINK_TTL_SECONDS: '3600' },
      { now: clock.now },
    );
  });
  afterEach(async () => {
    await t.close();
  });

  function member() {
    return signedInMember(t);
  }

  async function fileOf(
    headers: Record<string, string>,
    id: string,
    query = '',
  ): Promise<FileBody> {
    const response = await t.app.inject({
      method: 'GET',
      url: `/drive/v1/files/${id}${query}`,
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<FileBody>();
  }

  function fetchContent(
    url: string,
    headers: Record<string, string> = {},
    method: 'GET' | 'HEAD' = 'GET',
  ): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method,
      url: pathOf(url),
      headers: { host: new URL(contentOrigin).host, ...headers },
    });
  }

  return {
    get t() {
      return t;
    },
    get clock() {
      return clock;
    },
    member,
    fileOf,
    fetchContent,
  };
}
