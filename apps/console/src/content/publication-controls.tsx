import { consoleContent } from '@chepai/shared';
import { Button, Popconfirm, Space, Tag, type TableColumnType } from 'antd';
import { useState, type ReactNode } from 'react';
import { consoleCall } from '../console-api';
import { fmt, stacked } from '../deals/deal-format';
import { useAction } from '../use-action';
import { PublishModal } from './publish-modal';

type State = consoleContent.PublicationState;

interface Published {
  id: string;
  title: string;
  state: State;
  stateText: string;
  publishTime: number | null;
  updatedAt: number | null;
  updatedBy: string | null;
}

/** The state as a tag; a scheduled item says when it goes public. */
export function StateTag({ row }: { row: Published }) {
  return (
    <>
      <Tag className={`console-state console-state-${row.state}`}>{row.stateText}</Tag>
      {row.state === 'scheduled' && <div className="console-muted">{fmt(row.publishTime)} 公开</div>}
    </>
  );
}

/** 发布 (now or later) and 下线 (after a confirmation), for an announcement or an article. */
export function PublicationActions({
  row,
  kind,
  onDone,
}: {
  row: Published;
  kind: 'announcement' | 'article';
  onDone: () => void;
}) {
  const { busy, run } = useAction(onDone);
  const [publishing, setPublishing] = useState(false);
  const noun = kind === 'announcement' ? '公告' : '文章';
  const publish = async (at: number | undefined) => {
    const endpoint =
      kind === 'announcement' ? consoleContent.announcementPublish : consoleContent.articlePublish;
    const ok = await run(
      row.id,
      () => consoleCall(endpoint, { id: row.id, at }),
      at ? `已定时发布：${fmt(at)} 公开` : `${noun}已发布`,
    );
    if (ok) setPublishing(false);
  };
  const withdraw = () =>
    run(
      row.id,
      () =>
        consoleCall(
          kind === 'announcement' ? consoleContent.announcementWithdraw : consoleContent.articleWithdraw,
          { id: row.id },
        ),
      `${noun}已下线`,
    );
  return (
    <Space size={4} wrap>
      {row.state !== 'published' && (
        <Button size="small" type="primary" onClick={() => setPublishing(true)}>
          {row.state === 'scheduled' ? '改期' : '发布'}
        </Button>
      )}
      {(row.state === 'published' || row.state === 'scheduled') && (
        <Popconfirm
          title={`下线该${noun}？`}
          description="访客将看不到它；之后可以重新发布。"
          okText="下线"
          cancelText="取消"
          okButtonProps={{ danger: true }}
          onConfirm={() => withdraw()}
        >
          <Button size="small" danger loading={busy === row.id}>
            下线
          </Button>
        </Popconfirm>
      )}
      {publishing && (
        <PublishModal
          title={row.title}
          scheduledAt={row.state === 'scheduled' ? row.publishTime : null}
          loading={busy === row.id}
          onPublish={(at) => void publish(at)}
          onCancel={() => setPublishing(false)}
        />
      )}
    </Space>
  );
}

/**
 * The columns an announcement's and an article's row share: state, publication time, last change,
 * and the actions — 编辑, 发布 or 下线, and the kind's own (`more`).
 */
export function publicationColumns<T extends Published>({
  kind,
  actionsWidth,
  onEdit,
  onDone,
  more,
}: {
  kind: 'announcement' | 'article';
  actionsWidth: number;
  onEdit: (row: T) => void;
  onDone: () => void;
  more?: (row: T) => ReactNode;
}): TableColumnType<T>[] {
  return [
    { title: '状态', width: 170, render: (_, r) => <StateTag row={r} /> },
    { title: '发布时间', dataIndex: 'publishTime', width: 170, render: fmt },
    {
      title: '最后修改',
      width: 170,
      render: (_, r) => (r.updatedBy ? stacked(r.updatedBy, fmt(r.updatedAt)) : '—'),
    },
    {
      title: '操作',
      // Stays in view while the rest of a wide row scrolls sideways (a phone's 390 px).
      fixed: 'right',
      width: actionsWidth,
      render: (_, r) => (
        <Space size={4} wrap>
          <Button size="small" onClick={() => onEdit(r)}>
            编辑
          </Button>
          <PublicationActions row={r} kind={kind} onDone={onDone} />
          {more?.(r)}
        </Space>
      ),
    },
  ];
}
