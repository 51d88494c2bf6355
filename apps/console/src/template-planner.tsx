import { consoleApi } from '@chepai/shared';
import { App, Button, DatePicker, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { consoleCall } from './console-api';
import { useLoad } from './use-load';

export type PlannedTimes = { previewTime: number; regStartTime: number; startTime: number; endTime: number };

const weekdays = (days: number[]) => days.map((d) => consoleApi.WEEKDAY_TEXT[d]).join('、');

/**
 * 按场次模板排期: pick a template and a session date; the server answers the times of the next lot
 * of that session (staggered after the lots already in it), which fill the schedule pickers.
 */
export function TemplatePlanner({ onPlanned }: { onPlanned: (times: PlannedTimes, note: string) => void }) {
  const { message } = App.useApp();
  const { data: templates } = useLoad(() => consoleCall(consoleApi.templateList, {}), []);
  const [templateId, setTemplateId] = useState<string | undefined>();
  const [date, setDate] = useState<Dayjs | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = templates?.find((t) => t.id === templateId);
  const plan = async () => {
    if (!templateId || !date) return;
    setBusy(true);
    try {
      const { lotsBefore, ...times } = await consoleCall(consoleApi.sessionPlan, {
        id: templateId,
        date: date.format('YYYY-MM-DD'),
      });
      onPlanned(
        times,
        lotsBefore ? `本场已有 ${lotsBefore} 辆，本车排在第 ${lotsBefore + 1} 位` : '本场第 1 辆',
      );
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  if (!templates?.length) return null;
  return (
    <Space wrap data-testid="template-planner">
      <Select
        style={{ minWidth: 220 }}
        placeholder="按场次模板排期"
        value={templateId}
        onChange={setTemplateId}
        options={templates.map((t) => ({
          value: t.id,
          label: `${t.name}（${weekdays(t.weekdays)} ${t.startTime}）`,
        }))}
      />
      <DatePicker
        placeholder="场次日期"
        value={date}
        onChange={setDate}
        disabledDate={(d) => {
          if (d.isBefore(dayjs().startOf('day'))) return true;
          if (!chosen) return false;
          // Only the template's weekdays, and only sessions that have not started yet.
          const [h, m] = chosen.startTime.split(':').map(Number);
          const start = d
            .hour(h ?? 0)
            .minute(m ?? 0)
            .second(0);
          return !chosen.weekdays.includes(((d.day() + 6) % 7) + 1) || !start.isAfter(dayjs());
        }}
      />
      <Button onClick={() => void plan()} loading={busy} disabled={!templateId || !date}>
        套用场次
      </Button>
    </Space>
  );
}
