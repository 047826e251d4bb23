/**
 * A figure over time, drawn as SVG (a line for a level such as the users, bars for a count per
 * period such as the orders of a week), with the same figures as a table for screen readers and
 * anyone who prefers reading them. Lazy pages only import it: it stays out of the initial bundle.
 */
import { useId } from 'react';
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

const WIDTH = 640;
const HEIGHT = 200;
const PAD = { top: 12, right: 12, bottom: 24, left: 84 };

/** A round top for the axis: 1, 2 or 5 times a power of ten, at least the highest value. */
export function axisTop(highest: number): number {
  if (highest <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(highest));
  return ([1, 2, 5, 10].find((step) => step * power >= highest) ?? 10) * power;
}

export function Chart({ title, points, kind, format, period }: ChartProps) {
  const titleId = useId();
  const summaryId = useId();
  const top = axisTop(Math.max(0, ...points.map((point) => point.value)));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const step = plotWidth / Math.max(1, kind === 'bars' ? points.length : points.length - 1);
  const x = (index: number) => PAD.left + (kind === 'bars' ? (index + 0.5) * step : index * step);
  const y = (value: number) => PAD.top + plotHeight - (Math.max(0, value) / top) * plotHeight;
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
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-describedby={summaryId} className="chart-plot">
        <title>{title}</title>
        {[0, 0.5, 1].map((share) => (
          <g key={share} className="chart-grid">
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(top * share)} y2={y(top * share)} />
            <text x={PAD.left - 6} y={y(top * share)} textAnchor="end" dominantBaseline="middle">
              {format(top * share)}
            </text>
          </g>
        ))}
        {kind === 'line' ? (
          <polyline className="chart-line" points={points.map((point, index) => `${x(index)},${y(point.value)}`).join(' ')} />
        ) : (
          points.map((point, index) => (
            <rect key={point.label} className="chart-bar" x={x(index) - step * 0.35} width={step * 0.7} y={y(point.value)} height={y(0) - y(point.value)} />
          ))
        )}
        {first && last && (
          <g className="chart-axis">
            <text x={x(0)} y={HEIGHT - 6} textAnchor="start">
              {first.label}
            </text>
            <text x={x(points.length - 1)} y={HEIGHT - 6} textAnchor="end">
              {last.label}
            </text>
          </g>
        )}
      </svg>
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
