import { notices } from '@chepai/shared';
import { App, Button, Select, Switch, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useNoticePrefs, useSaveNoticePrefs } from '../../../api/notice-queries';
import { QueryState } from '../../../components/query-state';
import { useSession } from '../../../lib/use-session';
import '../personal-center.css';

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

/** 消息设置: which events reach the user how, and the quiet hours for SMS (Beijing time). */
export default function NoticeSettingsPage() {
  const { message } = App.useApp();
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
  const channel = (name: 'inbox' | 'live' | 'sms', label: string) => ({
    title: label,
    width: 72,
    align: 'center' as const,
    render: (_: unknown, g: Row) => {
      const spec = notices.NOTICE_GROUPS[g.group];
      const fixed = (name === 'inbox' && !spec.optional) || (name === 'sms' && !spec.sms);
      return (
        <Switch
          size="small"
          checked={g[name]}
          disabled={fixed}
          aria-label={`${spec.label}：${label}`}
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
              rowKey="group"
              size="middle"
              pagination={false}
              dataSource={draft.groups.filter((g) => !hidden.includes(g.group))}
              columns={[
                { title: '提醒内容', render: (_, g) => notices.NOTICE_GROUPS[g.group].label },
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
                aria-label="短信免打扰"
              />
              <Select
                value={draft.quiet.start}
                disabled={!draft.quiet.enabled}
                options={CLOCKS.map((c) => ({ value: c, label: c }))}
                onChange={(start) => setDraft({ ...draft, quiet: { ...draft.quiet, start } })}
                aria-label="免打扰开始"
                style={{ width: 96 }}
              />
              至
              <Select
                value={draft.quiet.end}
                disabled={!draft.quiet.enabled}
                options={CLOCKS.map((c) => ({ value: c, label: c }))}
                onChange={(end) => setDraft({ ...draft, quiet: { ...draft.quiet, end } })}
                aria-label="免打扰结束"
                style={{ width: 96 }}
              />
              <span className="muted">
                （北京时间）此时段的短信顺延到结束时发送；付款、签约等临近期限的提醒照常发送。
              </span>
            </div>
            <Button
              type="primary"
              loading={save.isPending}
              onClick={() => save.mutate(draft, { onSuccess: () => void message.success('已保存') })}
            >
              保存设置
            </Button>
          </>
        ) : null}
      </QueryState>
    </div>
  );
}
