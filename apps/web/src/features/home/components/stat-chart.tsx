import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useStatByDate } from '../api/stat-queries';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** Daily lots listed, under the hammer and sold over the last 30 days (Beijing dates). */
export function StatChart() {
  const { data } = useStatByDate();
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!el.current || !data) return;
    const chart = echarts.init(el.current);
    chart.setOption({
      color: ['#3b82f6', '#e8491d', '#22a06b'],
      tooltip: { trigger: 'axis' },
      legend: { data: ['新上拍', '竞价中', '成交'], top: 0 },
      grid: { left: 36, right: 12, top: 32, bottom: 24 },
      xAxis: { type: 'category', data: data.dates, axisLabel: { fontSize: 11 } },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: '新上拍', type: 'bar', data: data.listed, barMaxWidth: 10 },
        { name: '竞价中', type: 'line', data: data.onAuction, smooth: true, symbolSize: 4 },
        { name: '成交', type: 'bar', data: data.sold, barMaxWidth: 10 },
      ],
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [data]);
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
