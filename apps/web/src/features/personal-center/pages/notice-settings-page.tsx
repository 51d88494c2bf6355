import { notices } from '@chepai/shared';
import { useEffect, useState } from 'react';
import { useNoticePrefs, useSaveNoticePrefs } from '../../../api/notice-queries';
import { Switch } from '../../../components/plain/switch';
import { Table, type Column } from '../../../components/plain/table';
import { QueryState } from '../../../components/query-state';
import { useFeedback } from '../../../components/feedback/feedback';
import { useSession } from '../../../lib/use-session';
import '../personal-center.css';
import { mutateThen } from '../../../lib/mutate-then';

type Prefs = notices.NoticePrefs;
type Row = Prefs['groups'][number];
const CLOCKS = Array.from(
  { length: 48 },
  (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
);
/** Who hears of which groups: buyers do not see the sellers' and operators' rows. */
const HIDDEN: Record<string, notices.NoticeGroup[]> = {
  buyer: ['order', 'ops'],
  seller: ['outbid', 'starting', 'watch', 'ops'],
};

/** A clock of the quiet hours, a native select (plain elements, no antd). */
function ClockSelect(props: {
  value: string;
  disabled: boolean;
  label: string;
  onChange: (v: string) => void;
}) {
  return (
    <select
      className="plain-select"
      value={props.value}
      disabled={props.disabled}
      aria-label={props.label}
      onChange={(e) => props.onChange(e.target.value)}
    >
      {CLOCKS.map((c) => (
        <option key={c} value={c}>
          {c}
        </option>
      ))}
    </select>
  );
}

/**
 * 消息设置: which events reach the user how, and the quiet hours for SMS (Beijing time). Plain
 * elements, no antd.
 */
export default function NoticeSettingsPage() {
  const { message } = useFeedback();
  const user = useSession();
  const query = useNoticePrefs();
  const save = useSaveNoticePrefs();
  const [draft, setDraft] = useState<Prefs | null>(null);
  useEffect(() => {
    if (query.data) setDraft(query.data);
  }, [query.data]);
  const hidden = HIDDEN[user?.role ?? 'buyer'] ?? [];
  const set = (group: notices.NoticeGroup, patch: Partial<Row>) =>
    setDraft((d) => d && { ...d, groups: d.groups.map((g) => (g.group === group ? { ...g, ...patch } : g)) });
  const channel = (name: 'inbox' | 'live' | 'sms', label: string): Column<Row> => ({
    title: label,
    key: name,
    className: 'notice-channel',
    render: (g) => {
      const spec = notices.NOTICE_GROUPS[g.group];
      const fixed = (name === 'inbox' && !spec.optional) || (name === 'sms' && !spec.sms);
      return (
        <Switch
          checked={g[name]}
          disabled={fixed}
          label={`${spec.label}：${label}`}
          onChange={(v) => set(g.group, { [name]: v })}
        />
      );
    },
  });
  return (
    <div className="center-body notice-settings">
      <div className="center-title">消息设置</div>
      <QueryState isLoading={query.isLoading} error={query.error}>
        {draft ? (
          <>
            <Table<Row>
              rowKey={(g) => g.group}
              loading={false}
              empty="暂无提醒"
              rows={draft.groups.filter((g) => !hidden.includes(g.group))}
              columns={[
                { title: '提醒内容', key: 'label', render: (g) => notices.NOTICE_GROUPS[g.group].label },
                channel('inbox', '站内信'),
                channel('live', '实时提醒'),
                channel('sms', '短信'),
              ]}
            />
            <p className="center-note">
              资金、竞价结果、期限与车辆处置的站内信始终保留，作为您的交易记录；灰色开关表示该类提醒不提供此方式。
            </p>
            <div className="quiet-hours" data-testid="quiet-hours">
              <b>短信免打扰</b>
              <Switch
                checked={draft.quiet.enabled}
                onChange={(enabled) => setDraft({ ...draft, quiet: { ...draft.quiet, enabled } })}
                label="短信免打扰"
              />
              <ClockSelect
                value={draft.quiet.start}
                disabled={!draft.quiet.enabled}
                label="免打扰开始"
                onChange={(start) => setDraft({ ...draft, quiet: { ...draft.quiet, start } })}
              />
              至
              <ClockSelect
                value={draft.quiet.end}
                disabled={!draft.quiet.enabled}
                label="免打扰结束"
                onChange={(end) => setDraft({ ...draft, quiet: { ...draft.quiet, end } })}
              />
              <span className="muted">
                （北京时间）此时段的短信顺延到结束时发送；付款、签约等临近期限的提醒照常发送。
              </span>
            </div>
            <button
              type="button"
              className="btn btn-primary"
              disabled={save.isPending}
              aria-busy={save.isPending}
              onClick={() => mutateThen(save, draft, () => void message.success('已保存'))}
            >
              {save.isPending ? '保存中…' : '保存设置'}
            </button>
          </>
        ) : null}
      </QueryState>
    </div>
  );
}
