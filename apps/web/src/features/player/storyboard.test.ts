import { describe, expect, it } from 'vitest';
import { parseStoryboard, storyboardCueAt } from './storyboard';

const map = `WEBVTT

00:00.000 --> 00:05.000
sprite-0.jpg#xywh=0,0,160,90

1
00:00:05.000 --> 00:00:10.000
sprite-0.jpg#xywh=160,0,160,90

00:00:10.000 --> 00:00:15.500
https://cdn.example/other.jpg?x=1#xywh=0,90,160,90

00:00:15.500 --> 00:00:20.000
no-region.jpg

01:00:00.250 --> 01:00:05.000
sprite-9.jpg#xywh=320,180,160,90
`;

describe('storyboard', () => {
  const cues = parseStoryboard(map, 'https://content.example/v/storyboard.vtt?sig=abc');

  it('reads each cue with its sprite region, resolved against the map', () => {
    expect(cues).toHaveLength(4);
    expect(cues[0]).toEqual({
      start: 0,
      end: 5,
      url: 'https://content.example/v/sprite-0.jpg',
      x: 0,
      y: 0,
      width: 160,
      height: 90,
    });
    expect(cues[1]).toMatchObject({ start: 5, end: 10, x: 160 });
    expect(cues[2]).toMatchObject({ url: 'https://cdn.example/other.jpg?x=1', end: 15.5, y: 90 });
    expect(cues[3]).toMatchObject({
      start: 3600.25,
      url: 'https://content.example/v/sprite-9.jpg',
    });
  });

  it('finds the picture of a time', () => {
    expect(storyboardCueAt(cues, 0)?.x).toBe(0);
    expect(storyboardCueAt(cues, 7.2)?.x).toBe(160);
    expect(storyboardCueAt(cues, 12)?.y).toBe(90);
    expect(storyboardCueAt(cues, 4000)?.start).toBe(3600.25);
    expect(storyboardCueAt([], 3)).toBeUndefined();
  });

  it('reads nothing from a broken map', () => {
    expect(parseStoryboard('not a map', 'https://content.example/')).toEqual([]);
    expect(
      parseStoryboard('WEBVTT\n\nxx --> yy\na.jpg#xywh=0,0,1,1\n', 'https://c.example/'),
    ).toEqual([]);
  });
});
