import type { EndpointOutput, lots } from '@chepai/shared';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

// Only the two chart types and three components the home chart uses (loaded when it scrolls into view).
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export type StatSeries = EndpointOutput<typeof lots.statByDate>;

/** Draws the chart into `el`; returns the cleanup. */
export function renderStatChart(el: HTMLElement, data: StatSeries): () => void {
  const chart = echarts.init(el);
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
}
