import Skeleton from '@mui/material/Skeleton';
import type { BarChartProps } from '@mui/x-charts/BarChart';
import type { PieChartProps } from '@mui/x-charts/PieChart';
import { lazy, Suspense } from 'react';

/*
 * The charts (MUI X Charts and d3, ~70 KB gzip) load after the dashboard's numbers: the page renders its
 * figures and links first and each chart fills a placeholder of its own size when its chunk arrives, so the
 * layout does not shift.
 */
const LoadedBarChart = lazy(async () => ({ default: (await import('@mui/x-charts/BarChart')).BarChart }));
const LoadedPieChart = lazy(async () => ({ default: (await import('@mui/x-charts/PieChart')).PieChart }));

function ChartPlaceholder({ width, height }: { width?: number; height?: number }) {
  return <Skeleton variant="rounded" width={width ?? '100%'} height={height ?? 200} aria-hidden />;
}

export function BarChart(props: BarChartProps) {
  return (
    <Suspense fallback={<ChartPlaceholder width={props.width} height={props.height} />}>
      <LoadedBarChart {...props} />
    </Suspense>
  );
}

export function PieChart(props: PieChartProps) {
  return (
    <Suspense fallback={<ChartPlaceholder width={props.width} height={props.height} />}>
      <LoadedPieChart {...props} />
    </Suspense>
  );
}
