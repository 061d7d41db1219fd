import { useId } from "react";
import { formatDay } from "~/components/logs/format";
import { useTranslation } from "~/lib/i18n";
import { numberFormat } from "~/lib/intl";
import { type Locale, RTL_LOCALES } from "~/lib/preferences";
import { type DayCount, layoutBars } from "./chart";

const WIDTH = 720;
const HEIGHT = 220;
const PLOT = { top: 12, end: 12, bottom: 28, start: 40 };

/**
 * Activity per day as an accessible inline SVG bar chart: a title and a description for assistive
 * technology, a `<title>` per bar (the tooltip), the figures as a table behind a disclosure. Pure
 * markup, so it renders without JavaScript; mirrored in right-to-left languages.
 */
export function ActivityChart({ days }: { days: DayCount[] }) {
  const { t, language } = useTranslation("dashboard");
  const id = useId();
  const rtl = RTL_LOCALES.includes(language as Locale);
  const plotWidth = WIDTH - PLOT.start - PLOT.end;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const { bars, ticks } = layoutBars(days, { width: plotWidth, height: plotHeight, rtl });
  const number = numberFormat(language);
  const total = days.reduce((sum, day) => sum + day.count, 0);
  const peak = days.reduce<DayCount | null>((best, day) => (!best || day.count > best.count ? day : best), null);
  // The value axis sits at the start side: left in LTR, right in RTL.
  const plotLeft = rtl ? PLOT.end : PLOT.start;
  const axisX = rtl ? WIDTH - PLOT.start + 8 : PLOT.start - 8;
  const labelEvery = Math.max(1, Math.ceil(days.length / 6));

  return (
    <figure className="space-y-3">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        direction="ltr"
        className="h-auto w-full overflow-visible text-muted-foreground"
        data-testid="activity-chart"
      >
        <title id={`${id}-title`}>{t("chart.title")}</title>
        <desc id={`${id}-desc`}>
          {peak
            ? t("chart.description", {
                days: days.length,
                total: number.format(total),
                peak: number.format(peak.count),
                peakDay: formatDay(peak.date, language, "long"),
              })
            : t("chart.empty")}
        </desc>
        <g transform={`translate(${plotLeft} ${PLOT.top})`}>
          {ticks.map((tick) => (
            <line
              key={tick.value}
              x1={0}
              x2={plotWidth}
              y1={tick.y}
              y2={tick.y}
              stroke="currentColor"
              strokeOpacity={0.2}
              strokeDasharray={tick.value === 0 ? undefined : "4 4"}
            />
          ))}
          {bars.map((bar, index) => (
            <g key={bar.date} data-date={bar.date} data-count={bar.count}>
              <title>{t("chart.bar", { day: formatDay(bar.date, language, "long"), formatted: number.format(bar.count) })}</title>
              {/* A full-height transparent target makes small bars easy to hover. */}
              <rect x={bar.x} y={0} width={bar.width} height={plotHeight} fill="transparent" />
              <rect
                x={bar.x}
                y={bar.y}
                width={bar.width}
                height={Math.max(bar.height, bar.count > 0 ? 2 : 0)}
                rx={Math.min(4, bar.width / 2)}
                fill="var(--primary)"
              />
              {index % labelEvery === 0 && (
                <text x={bar.x + bar.width / 2} y={plotHeight + 18} textAnchor="middle" fontSize={11} fill="currentColor">
                  {formatDay(bar.date, language)}
                </text>
              )}
            </g>
          ))}
        </g>
        {ticks.map((tick) => (
          <text key={tick.value} x={axisX} y={PLOT.top + tick.y + 4} textAnchor={rtl ? "start" : "end"} fontSize={11} fill="currentColor">
            {number.format(tick.value)}
          </text>
        ))}
      </svg>
      <figcaption>
        <details className="text-sm">
          <summary className="cursor-pointer text-muted-foreground hover:text-primary-text">{t("chart.showData")}</summary>
          <div className="mt-2 max-h-64 overflow-y-auto rounded-md border">
            <table className="w-full text-sm">
              <caption className="sr-only">{t("chart.title")}</caption>
              <thead>
                <tr className="border-b">
                  <th scope="col" className="px-3 py-2 text-start font-medium">
                    {t("chart.day")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-end font-medium">
                    {t("chart.count")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {days.map((day) => (
                  <tr key={day.date} className="border-b last:border-b-0">
                    <td className="px-3 py-1.5">{formatDay(day.date, language, "long")}</td>
                    <td className="px-3 py-1.5 text-end tabular-nums">{number.format(day.count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </figcaption>
    </figure>
  );
}
