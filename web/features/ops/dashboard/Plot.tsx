// One uPlot chart that fills its container's width (a ResizeObserver), redrawn when its data change. uPlot is
// imported only by the dashboard's chunk (docs/decisions/2026-11-29-the-dashboard-plots-with-uplot.md).
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

export interface PlotSeries {
  label: string;
  color: string;
  /** Bars instead of a line. */
  bars?: boolean;
  /** The right-hand axis (a second unit, e.g. ARPPU beside members). */
  right?: boolean;
}

export interface PlotProps {
  /** What the plot shows, for screen readers (the figures are also in its CSV). */
  title: string;
  x: number[];
  series: PlotSeries[];
  values: (number | null)[][];
  /** x is days (a time axis) or plain numbers (weeks since sign-up). */
  time?: boolean;
  xLabel?: string;
  yLabel?: string;
  rightLabel?: string;
  formatY?: (v: number) => string;
  height?: number;
}

const barPaths = uPlot.paths.bars?.({ size: [0.6, 40] });

export function Plot(props: PlotProps) {
  const box = useRef<HTMLDivElement>(null);
  const { title, x, series, values, time = true, xLabel, yLabel, rightLabel, formatY, height = 260 } = props;
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const width = () => Math.max(280, Math.floor(element.clientWidth));
    const axisValues = formatY ? (_: uPlot, ticks: number[]) => ticks.map(formatY) : undefined;
    const options: uPlot.Options = {
      width: width(),
      height,
      scales: { x: { time }, y: { range: (_u, min, max) => [Math.min(0, min), max > 0 ? max : 1] } },
      legend: { show: true, live: false },
      cursor: { drag: { x: false, y: false } },
      axes: [
        { label: xLabel, size: 40 },
        { label: yLabel, values: axisValues, size: 56 },
        ...(series.some((s) => s.right)
          ? [{ scale: "right", side: 1, label: rightLabel, grid: { show: false }, size: 56 } as uPlot.Axis]
          : []),
      ],
      series: [
        {},
        ...series.map(
          (s): uPlot.Series => ({
            label: s.label,
            stroke: s.color,
            width: 2,
            scale: s.right ? "right" : "y",
            spanGaps: false,
            ...(s.bars ? { paths: barPaths, fill: `${s.color}99`, points: { show: false } } : {}),
          }),
        ),
      ],
    };
    const chart = new uPlot(options, [x, ...values] as uPlot.AlignedData, element);
    const resize = new ResizeObserver(() => chart.setSize({ width: width(), height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [x, series, values, time, xLabel, yLabel, rightLabel, formatY, height]);
  return <div ref={box} className="ops-plot" role="img" aria-label={title} />;
}
