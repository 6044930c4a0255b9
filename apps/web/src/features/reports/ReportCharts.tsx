import '@mantine/charts/styles.layer.css';
import { BarChart, LineChart } from '@mantine/charts';

/**
 * The reports' charts (recharts through @mantine/charts), a chunk of their own loaded when the first chart is drawn.
 * They are drawn for the eye only: each report's table beside it carries the same figures for everyone.
 */

export interface ChartProps {
  data: Array<Record<string, string | number>>;
  dataKey: string;
  series: Array<{ name: string; label: string; color: string }>;
  valueFormatter: (value: number) => string;
  kind?: 'bar' | 'line';
}

export default function ReportChart({ data, dataKey, series, valueFormatter, kind = 'bar' }: ChartProps) {
  const common = {
    h: 220,
    data,
    dataKey,
    series,
    valueFormatter,
    gridAxis: 'x' as const,
    tickLine: 'none' as const,
    withLegend: series.length > 1,
    yAxisProps: { allowDecimals: false, tickFormatter: valueFormatter, width: 72 },
    xAxisProps: { minTickGap: 12, interval: 'preserveStartEnd' as const },
  };
  return (
    <div aria-hidden="true" data-testid="report-chart">
      {kind === 'line' ? (
        <LineChart {...common} curveType="monotone" withDots={false} lineChartProps={{ accessibilityLayer: false }} />
      ) : (
        <BarChart {...common} barChartProps={{ accessibilityLayer: false }} />
      )}
    </div>
  );
}
