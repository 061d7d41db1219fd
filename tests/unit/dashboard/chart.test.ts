import { describe, expect, it } from "vitest";
import { layoutBars, niceMax } from "~/components/dashboard/chart";

const days = (counts: number[]) => counts.map((count, index) => ({ date: `2026-01-${String(index + 1).padStart(2, "0")}`, count }));

describe("niceMax", () => {
  it("rounds up to 1, 2 or 5 times a power of ten", () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(1)).toBe(1);
    expect(niceMax(3)).toBe(5);
    expect(niceMax(11)).toBe(20);
    expect(niceMax(20)).toBe(20);
    expect(niceMax(51)).toBe(100);
    expect(niceMax(730)).toBe(1000);
  });
});

describe("layoutBars", () => {
  it("scales bars to the plot and keeps them inside it", () => {
    const layout = layoutBars(days([0, 5, 10]), { width: 300, height: 100 });
    expect(layout.max).toBe(10);
    expect(layout.bars.map((bar) => bar.height)).toEqual([0, 50, 100]);
    expect(layout.bars.map((bar) => bar.y)).toEqual([100, 50, 0]);
    for (const bar of layout.bars) {
      expect(bar.x).toBeGreaterThanOrEqual(0);
      expect(bar.x + bar.width).toBeLessThanOrEqual(300);
    }
    expect(layout.ticks).toEqual([
      { value: 0, y: 100 },
      { value: 5, y: 50 },
      { value: 10, y: 0 },
    ]);
  });

  it("runs from the right in right-to-left reading", () => {
    const ltr = layoutBars(days([1, 2, 3]), { width: 300, height: 100 });
    const rtl = layoutBars(days([1, 2, 3]), { width: 300, height: 100, rtl: true });
    expect(ltr.bars[0].x).toBeLessThan(ltr.bars[2].x);
    expect(rtl.bars[0].x).toBeGreaterThan(rtl.bars[2].x);
    expect(rtl.bars[0].x).toBe(ltr.bars[2].x);
  });

  it("handles an empty period", () => {
    const layout = layoutBars(days([0, 0]), { width: 100, height: 50 });
    expect(layout.max).toBe(1);
    expect(layout.bars.every((bar) => bar.height === 0)).toBe(true);
    expect(layoutBars([], { width: 100, height: 50 }).bars).toEqual([]);
  });
});
