/** Geometry of the activity bar chart (pure, so it is unit-tested and identical on server and browser). */

export interface DayCount {
  date: string;
  count: number;
}

export interface Bar extends DayCount {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ChartLayout {
  bars: Bar[];
  /** Top of the value axis (a round number ≥ the largest count). */
  max: number;
  /** Value axis ticks, bottom to top, with their y position. */
  ticks: { value: number; y: number }[];
}

/** The smallest 1, 2 or 5 × 10^n that is ≥ value (at least 1), so the axis reads well. */
export function niceMax(value: number): number {
  if (!Number.isFinite(value) || value <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * magnitude >= value) return step * magnitude;
  return 10 * magnitude;
}

/**
 * Lays out one bar per day inside a plot area of `width` × `height` (origin top-left). In right-to-left
 * reading the first day is on the right, so time runs in the reader's direction.
 */
export function layoutBars(days: DayCount[], options: { width: number; height: number; rtl?: boolean; gapRatio?: number }): ChartLayout {
  const { width, height, rtl = false, gapRatio = 0.3 } = options;
  const max = niceMax(Math.max(0, ...days.map((day) => day.count)));
  const slot = days.length > 0 ? width / days.length : width;
  const barWidth = slot * (1 - gapRatio);
  const bars = days.map((day, index) => {
    const position = rtl ? days.length - 1 - index : index;
    const barHeight = (Math.max(0, day.count) / max) * height;
    return {
      ...day,
      x: position * slot + (slot - barWidth) / 2,
      y: height - barHeight,
      width: barWidth,
      height: barHeight,
    };
  });
  const tickValues = max === 1 ? [0, 1] : [0, max / 2, max];
  return { bars, max, ticks: tickValues.map((value) => ({ value, y: height - (value / max) * height })) };
}
