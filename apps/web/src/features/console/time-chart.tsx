'use client';

import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** One line of a chart: its label, its colour and a value per day. */
export interface ChartLine {
  label: string;
  color: string;
  values: number[];
}

const height = 220;

/**
 * A line chart over days, drawn by uPlot; the library is fetched when the first chart mounts, so
 * it weighs only on the console's dashboard. The canvas is an image whose label sums it up; the
 * caller gives the same figures as a table beside it.
 */
export function TimeChart({
  days,
  lines,
  summary,
}: {
  /** Days as `YYYY-MM-DD`. */
  days: string[];
  lines: ChartLine[];
  summary: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) {
      return;
    }
    let chart: uPlot | undefined;
    let gone = false;
    const observer = new ResizeObserver(() => {
      chart?.setSize({ width: element.clientWidth, height });
    });
    void import('uplot').then(({ default: UPlot }) => {
      if (gone) {
        return;
      }
      const ink = getComputedStyle(element).color;
      const axis = { stroke: ink, grid: { stroke: 'rgba(127,127,127,0.2)' } };
      chart = new UPlot(
        {
          width: element.clientWidth,
          height,
          tzDate: (seconds) => UPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
          scales: { x: { time: true }, y: { range: (_chart, _min, max) => [0, Math.max(1, max)] } },
          axes: [axis, axis],
          series: [
            {},
            ...lines.map((line) => ({ label: line.label, stroke: line.color, width: 2 })),
          ],
        },
        [
          days.map((day) => Date.parse(`${day}T00:00:00.000Z`) / 1000),
          ...lines.map((line) => line.values),
        ],
        element,
      );
      observer.observe(element);
    });
    return () => {
      gone = true;
      observer.disconnect();
      chart?.destroy();
    };
  }, [days, lines]);
  return <div ref={box} role="img" aria-label={summary} className="min-h-[260px] w-full" />;
}
