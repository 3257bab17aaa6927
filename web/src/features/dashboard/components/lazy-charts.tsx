import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import type { BarChartProps } from '@mui/x-charts/BarChart';
import type { PieChartProps } from '@mui/x-charts/PieChart';
import { lazy, type ReactNode, Suspense } from 'react';
import { useInView } from 'react-intersection-observer';

/*
 * The charts (MUI X Charts and d3, ~70 KB gzip) load after the dashboard's numbers: the page renders its
 * figures and links first and each chart fills a placeholder of its own size when its chunk arrives, so the
 * layout does not shift. A chart renders only once it comes near the screen: on a phone most of them are
 * below the fold, and drawing them all at load kept the CPU busy for a second (issue 24, total blocking time).
 */
const LoadedBarChart = lazy(async () => ({ default: (await import('@mui/x-charts/BarChart')).BarChart }));
const LoadedPieChart = lazy(async () => ({ default: (await import('@mui/x-charts/PieChart')).PieChart }));

function ChartPlaceholder({ width, height }: { width?: number; height?: number }) {
  return <Skeleton variant="rounded" width={width ?? '100%'} height={height ?? 200} aria-hidden />;
}

/**
 * The chart once it is within a screen's height of the viewport (and from then on). Before that, an empty
 * box of its size: nothing is loading, so no skeleton's animation either.
 */
function WhenNearScreen({
  width,
  height,
  children,
}: {
  width?: number;
  height?: number;
  children: ReactNode;
}) {
  // Without IntersectionObserver (old browsers, jsdom) everything counts as in view.
  const { ref, inView } = useInView({ rootMargin: '100% 0px', triggerOnce: true, fallbackInView: true });
  return (
    <div ref={ref}>
      {inView ? (
        <Suspense fallback={<ChartPlaceholder width={width} height={height} />}>{children}</Suspense>
      ) : (
        <Box sx={{ width: width ?? '100%', height: height ?? 200 }} data-testid="chart-off-screen" />
      )}
    </div>
  );
}

/*
 * MUI X leaves out a tick label taller than its axis's room (the axis's height less the tick and a gap, 16 px by
 * default), room for a 12 px line of a Latin font only: in Noto Sans CJK, the Chinese font of Android phones (a
 * line 1.45 em tall, 17.4 px), every label of the axis was gone. 28 px holds a 12 px line up to 1.5 em; a fixed
 * height, not 'auto', which measures every label once more as the chart mounts.
 */
const X_AXIS_HEIGHT = 28;

function withRoomForTallFonts(xAxis: BarChartProps['xAxis']): BarChartProps['xAxis'] {
  return (xAxis ?? [{}]).map((axis) => ({ height: X_AXIS_HEIGHT, ...axis }));
}

export function BarChart(props: BarChartProps) {
  return (
    <WhenNearScreen width={props.width} height={props.height}>
      <LoadedBarChart {...props} xAxis={withRoomForTallFonts(props.xAxis)} />
    </WhenNearScreen>
  );
}

export function PieChart(props: PieChartProps) {
  return (
    <WhenNearScreen width={props.width} height={props.height}>
      <LoadedPieChart {...props} />
    </WhenNearScreen>
  );
}
