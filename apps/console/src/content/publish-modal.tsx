import { DatePicker, Modal, Radio, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { useState } from 'react';

dayjs.extend(utc);
/** Publication times are picked in Beijing time whatever the editor's computer says. */
const BEIJING = 8 * 60;

/** 发布: now, or at a Beijing time still to come (定时发布); `onPublish` gets that time or nothing. */
export function PublishModal({
  title,
  scheduledAt,
  loading,
  onPublish,
  onCancel,
}: {
  title: string;
  /** The time it is scheduled for already (moving it), if any. */
  scheduledAt?: number | null;
  loading: boolean;
  onPublish: (at: number | undefined) => void;
  onCancel: () => void;
}) {
  const [when, setWhen] = useState<'now' | 'later'>(scheduledAt ? 'later' : 'now');
  const [at, setAt] = useState<Dayjs | null>(() =>
    scheduledAt
      ? dayjs(scheduledAt).utcOffset(BEIJING)
      : dayjs().utcOffset(BEIJING).add(1, 'hour').startOf('hour'),
  );
  const past = when === 'later' && (!at || at.valueOf() <= Date.now());
  return (
    <Modal
      open
      title={`发布：${title}`}
      okText={when === 'now' ? '立即发布' : '定时发布'}
      cancelText="取消"
      okButtonProps={{ loading, disabled: past }}
      onOk={() => onPublish(when === 'later' && at ? at.valueOf() : undefined)}
      onCancel={onCancel}
    >
      <Radio.Group value={when} onChange={(e) => setWhen(e.target.value as 'now' | 'later')}>
        <Space direction="vertical">
          <Radio value="now">立即发布，访客马上可以看到</Radio>
          <Radio value="later">定时发布（北京时间），到时自动公开</Radio>
        </Space>
      </Radio.Group>
      {when === 'later' && (
        <div style={{ marginTop: 12 }}>
          <DatePicker
            aria-label="发布时间"
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            allowClear={false}
            value={at}
            disabledDate={(d) => d.isBefore(dayjs(), 'day')}
            // The picked wall-clock time is Beijing time.
            onChange={(v) => setAt(v ? v.utcOffset(BEIJING, true) : null)}
          />
          {past && <p className="console-error-text">发布时间须晚于当前时间</p>}
        </div>
      )}
    </Modal>
  );
}
