/**
 * A figure over time, drawn by Chartist as SVG (a line for a level such as the users, bars for a
 * count per period such as the orders of a week), with the same figures as a table for screen
 * readers and anyone who prefers reading them (decision 203). Lazy pages only import it: Chartist
 * stays out of the initial bundle.
 */
import { BarChart, type BarChartOptions, FixedScaleAxis, LineChart, type LineChartOptions } from 'chartist';
import { useEffect, useId, useRef } from 'react';
import '@/components/chart/chart.css';

export interface ChartPoint {
  /** The period, as the table shows it (a day or a week's Monday). */
  label: string;
  value: number;
}

interface ChartProps {
  title: string;
  points: readonly ChartPoint[];
  kind: 'line' | 'bars';
  /** How a value reads (a count, euros). */
  format(value: number): string;
  /** The table's first column: what a label is. */
  period: string;
}

export function Chart({ title, points, kind, format, period }: ChartProps) {
  const titleId = useId();
  const summaryId = useId();
  const first = points[0];
  const last = points.at(-1);
  const summary =
    first && last
      ? `${first.label}: ${format(first.value)}; ${last.label}: ${format(last.value)}; highest ${format(Math.max(...points.map((p) => p.value)))}.`
      : 'No data yet.';

  return (
    <figure className="chart" aria-labelledby={titleId}>
      <figcaption id={titleId} className="chart-title">
        {title}
      </figcaption>
      <Plot kind={kind} points={points} format={format} labelledBy={titleId} describedBy={summaryId} />
      <p id={summaryId} className="chart-summary">
        {summary}
      </p>
      <details className="chart-table">
        <summary>{title} as a table</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">{period}</th>
              <th scope="col">{title}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.label}>
                <th scope="row">{point.label}</th>
                <td>{format(point.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

interface PlotProps extends Pick<ChartProps, 'kind' | 'points' | 'format'> {
  labelledBy: string;
  describedBy: string;
}

/**
 * Chartist's drawing, one image for assistive technologies (named by the title, described by the
 * summary): its SVG is hidden from them, the table says the same point by point.
 */
function Plot({ kind, points, format, labelledBy, describedBy }: PlotProps) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current) return;
    const chart = draw(container.current, kind, points, format);
    return () => {
      chart.detach();
    };
  }, [kind, points, format]);
  return <div ref={container} className="chart-plot" role="img" aria-labelledby={labelledBy} aria-describedby={describedBy} />;
}

/** The plot's own coordinates: the SVG scales to its card's width, as an image does. */
const VIEW = { width: 640, height: 200 };

/** A round top for the value axis: 1, 2 or 5 times a power of ten, at least the highest value. */
function axisTop(highest: number): number {
  if (highest <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(highest));
  return ([1, 2, 5, 10].find((step) => step * power >= highest) ?? 10) * power;
}

function draw(container: HTMLElement, kind: ChartProps['kind'], points: readonly ChartPoint[], format: ChartProps['format']) {
  const data = { labels: points.map((point) => point.label), series: [points.map((point) => point.value)] };
  const top = axisTop(Math.max(0, ...points.map((point) => point.value)));
  const options: BarChartOptions & LineChartOptions = {
    viewBox: VIEW,
    width: '100%',
    height: 'auto',
    chartPadding: { top: 12, right: 16, bottom: 0, left: 0 },
    // Only the first and the last period are named on the axis; the table names every one.
    axisX: { showGrid: false, labelInterpolationFnc: (label: string, index: number) => (index === 0 || index === points.length - 1 ? label : null) },
    // Three lines across: zero, half and the round top, each with its value.
    axisY: { type: FixedScaleAxis, low: 0, high: top, ticks: [0, top / 2, top], offset: 84, labelInterpolationFnc: (value: number) => format(value) },
    // Lines for a level: straight between the days, every day a point to hover.
    lineSmooth: false,
    fullWidth: true,
  };
  const chart = kind === 'bars' ? new BarChart(container, data, options) : new LineChart(container, data, options);
  chart.on('created', ({ svg }) => svg.attr({ 'aria-hidden': 'true' }));
  chart.on('draw', (event) => {
    // The browser's own tooltip on a bar or a point: its period and value.
    if (event.type === 'bar' || event.type === 'point') {
      const point = points[event.index];
      event.element.elem('title').text(`${point.label}: ${format(point.value)}`);
    }
    if (event.type === 'bar') event.element.attr({ style: `stroke-width: ${(0.6 * event.chartRect.width()) / points.length}px` });
    // The last period's name ends where the plot ends, the first one's starts where it starts.
    if (event.type === 'label' && event.axis.units.pos === 'x' && event.index > 0) event.element.addClass('chart-label-last');
  });
  return chart;
}
