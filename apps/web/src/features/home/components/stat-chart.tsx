import { useEffect, useRef } from 'react';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { useStatByDate } from '../api/stat-queries';

/**
 * Daily lots listed, under the hammer and sold over the last 30 days (Beijing dates). echarts is a
 * separate chunk fetched only when the chart nears the viewport; the box keeps its size meanwhile.
 */
export function StatChart() {
  const { data } = useStatByDate();
  const el = useRef<HTMLDivElement>(null);
  const near = useNearViewport(el);
  useEffect(() => {
    if (!near || !data) return;
    let cleanup: (() => void) | undefined;
    let cancelled = false;
    void import('./stat-chart-render').then(({ renderStatChart }) => {
      if (!cancelled && el.current) cleanup = renderStatChart(el.current, data);
    });
    return () => {
      cancelled = true;
      cleanup?.();
    };
  }, [near, data]);
  const sum = (xs: number[] | undefined) => (xs ?? []).reduce((a, b) => a + b, 0);
  return (
    <div className="stat-chart-wrap">
      <div className="stat-summary">
        <span>
          近30天新上拍 <strong>{sum(data?.listed)}</strong> 辆
        </span>
        <span>
          成交 <strong>{sum(data?.sold)}</strong> 辆
        </span>
      </div>
      <div ref={el} className="stat-chart" role="img" aria-label="近30天上拍与成交统计图" />
    </div>
  );
}
