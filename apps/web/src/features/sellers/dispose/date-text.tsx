import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

/** A date picker whose value is 'YYYY-MM-DD' text, so a draft keeps it as typed. */
export function DateText({
  value,
  onChange,
  id,
  future,
  past,
}: {
  value?: string;
  onChange?: (v: string | undefined) => void;
  id?: string;
  /** Only today and later may be picked (expiry dates). */
  future?: boolean;
  /** Only today and earlier may be picked (registration dates). */
  past?: boolean;
}) {
  const today = dayjs().startOf('day');
  const disabledDate = (d: Dayjs) =>
    (future === true && d.isBefore(today)) || (past === true && d.isAfter(today.endOf('day')));
  return (
    <DatePicker
      id={id}
      className="full-width"
      placeholder="请选择日期"
      value={value ? dayjs(value) : null}
      onChange={(d) => onChange?.(d ? d.format('YYYY-MM-DD') : undefined)}
      disabledDate={disabledDate}
    />
  );
}

/** The wished-for auction window: a start and an end, epoch ms, minutes precision. */
export function WindowPicker({
  value,
  onChange,
  id,
}: {
  value?: [number, number];
  onChange?: (v: [number, number] | undefined) => void;
  id?: string;
}) {
  const today = dayjs().startOf('day');
  return (
    <DatePicker.RangePicker
      id={id}
      className="full-width"
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      placeholder={['开始时间', '结束时间']}
      value={value ? [dayjs(value[0]), dayjs(value[1])] : null}
      onChange={(range) =>
        onChange?.(range?.[0] && range[1] ? [range[0].valueOf(), range[1].valueOf()] : undefined)
      }
      disabledDate={(d) => d.isBefore(today)}
    />
  );
}
