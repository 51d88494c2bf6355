import { useEffect, useRef, useState, type RefObject } from 'react';
import { useStatByDate } from '../api/stat-queries';

/** True once the element has come within 200 px of the viewport (then stays true). */
function useNearViewport(el: RefObject<HTMLElement | null>) {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const node = el.current;
    if (!node || near) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px' },
    );
    io.observe(node);
    return () => io.disconnect();
  }, [el, near]);
  return near;
}

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
