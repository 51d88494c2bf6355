import { consoleApi } from '@chepai/shared';
import { Alert, Badge, Calendar, Card, Empty, Grid, List, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { useState } from 'react';
import { consoleCall } from '../console-api';
import { useLoad } from '../use-load';

dayjs.extend(utc);

const STATUS: Record<string, { text: string; color: string }> = {
  '0': { text: '预告', color: 'blue' },
  '2': { text: '报名', color: 'cyan' },
  '3': { text: '竞价', color: 'orange' },
  '4': { text: '延时', color: 'orange' },
  '5': { text: '成交', color: 'green' },
  '6': { text: '流拍', color: 'default' },
};
const BEIJING = 8 * 60;
const dayKey = (ms: number) => dayjs(ms).utcOffset(BEIJING).format('YYYY-MM-DD');
const hm = (ms: number) => dayjs(ms).utcOffset(BEIJING).format('HH:mm');

/** 场次日历: each day's sessions (lots that start together), a month at a time, Beijing time. */
export function CalendarPage() {
  const screens = Grid.useBreakpoint();
  const [month, setMonth] = useState(() => dayjs().startOf('month'));
  const [selected, setSelected] = useState<Dayjs>(() => dayjs());
  // The month as shown, with the neighbouring weeks the grid also displays.
  const from = month.subtract(7, 'day').valueOf();
  const to = month.add(1, 'month').add(7, 'day').valueOf();
  const { data, error } = useLoad(() => consoleCall(consoleApi.calendar, { from, to }), [from, to]);
  const byDay = new Map<string, consoleApi.CalendarSession[]>();
  for (const s of data ?? []) byDay.set(dayKey(s.startTime), [...(byDay.get(dayKey(s.startTime)) ?? []), s]);
  const today = byDay.get(selected.format('YYYY-MM-DD')) ?? [];

  return (
    <>
      {error && <Alert type="error" message={error} showIcon style={{ marginBottom: 12 }} />}
      <Calendar
        fullscreen={Boolean(screens.md)}
        value={selected}
        onSelect={(d) => setSelected(d)}
        onPanelChange={(d) => setMonth(d.startOf('month'))}
        cellRender={(d, info) => {
          if (info.type !== 'date') return info.originNode;
          const sessions = byDay.get(d.format('YYYY-MM-DD')) ?? [];
          if (!sessions.length) return null;
          if (!screens.md) return <Badge count={sessions.length} size="small" color="#c93c14" />;
          return (
            <ul className="console-calendar-cell">
              {sessions.map((s) => (
                <li key={s.startTime}>
                  <Badge status="processing" text={`${hm(s.startTime)} · ${s.lotCount} 辆`} />
                </li>
              ))}
            </ul>
          );
        }}
      />
      <Card className="console-calendar-day" title={`${selected.format('YYYY年M月D日')}的场次`} size="small">
        {today.length === 0 ? (
          <Empty description="当天没有场次" />
        ) : (
          <List
            dataSource={today}
            renderItem={(s) => (
              <List.Item>
                <List.Item.Meta
                  title={
                    s.lotCount > 1
                      ? `${hm(s.startTime)} 开拍 · ${s.lotCount} 辆 · ${hm(s.firstEndTime)}–${hm(s.lastEndTime)} 依次结束`
                      : `${hm(s.startTime)} 开拍 · 1 辆 · ${hm(s.lastEndTime)} 结束`
                  }
                  description={
                    <>
                      {Object.entries(s.byStatus).map(([k, n]) => (
                        <Tag key={k} color={STATUS[k]?.color}>
                          {STATUS[k]?.text ?? k} {n}
                        </Tag>
                      ))}
                      <div>
                        {s.titles.join('、')}
                        {s.lotCount > s.titles.length ? ` 等 ${s.lotCount} 辆` : ''}
                      </div>
                    </>
                  }
                />
              </List.Item>
            )}
          />
        )}
      </Card>
    </>
  );
}
