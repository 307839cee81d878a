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
  /** What one x value covers, in x's unit (a day's seconds by default on a time axis; 1 otherwise). */
  xStep?: number;
  xLabel?: string;
  yLabel?: string;
  rightLabel?: string;
  formatY?: (v: number) => string;
  /** The left axis counts whole things (members, sign-ups): no fractional ticks. */
  integer?: boolean;
  /** A fixed top for the left axis (100 for a share in percent). */
  yMax?: number;
  height?: number;
}

/** Whole-number tick steps, for counts and for weeks. */
const WHOLE = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 50_000, 100_000, 1_000_000];

const barPaths = uPlot.paths.bars?.({ size: [0.6, 40] });

export function Plot(props: PlotProps) {
  const box = useRef<HTMLDivElement>(null);
  const { title, x, series, values, time = true, xLabel, yLabel, rightLabel, formatY, integer, yMax } = props;
  const xStep = props.xStep ?? (time ? 86_400 : 1);
  const height = props.height ?? 260;
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const width = () => Math.max(280, Math.floor(element.clientWidth));
    const axisValues = formatY ? (_: uPlot, ticks: number[]) => ticks.map(formatY) : undefined;
    const options: uPlot.Options = {
      width: width(),
      height,
      scales: {
        x: { time },
        y: { range: (_u, min, max) => [Math.min(0, min), yMax ?? (max > 0 ? max * 1.05 : 1)] },
      },
      legend: { show: true, live: false },
      cursor: { drag: { x: false, y: false } },
      axes: [
        { label: xLabel, size: xLabel ? 56 : 48, ...(time ? {} : { incrs: WHOLE }) },
        { label: yLabel, values: axisValues, size: 56, ...(integer ? { incrs: WHOLE } : {}) },
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
    // Half a step of room at each end, so the first and last bars are drawn whole and one point is centred
    // (uPlot's own x range is the data's, padded only for a single number).
    const first = x[0];
    const last = x[x.length - 1];
    if (first !== undefined && last !== undefined)
      chart.setScale("x", { min: first - xStep / 2, max: Math.max(last, first + xStep) + xStep / 2 });
    // Resized in the next frame and only when the width changed: a resize inside the observer's own
    // callback changes the observed box again, which Chromium reports as a "ResizeObserver loop" error.
    let drawnWidth = width();
    let frame = 0;
    const resize = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const now = width();
        if (now === drawnWidth) return;
        drawnWidth = now;
        chart.setSize({ width: now, height });
      });
    });
    resize.observe(element);
    return () => {
      cancelAnimationFrame(frame);
      resize.disconnect();
      chart.destroy();
    };
  }, [x, series, values, time, xStep, xLabel, yLabel, rightLabel, formatY, integer, yMax, height]);
  return <div ref={box} className="ops-plot" role="img" aria-label={title} />;
}
