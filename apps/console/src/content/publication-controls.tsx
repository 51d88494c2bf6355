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

/** A danger button that acts only after its confirmation. */
function ConfirmedDanger(props: {
  label: string;
  title: string;
  description: string;
  loading: boolean;
  onConfirm: () => void;
}) {
  return (
    <Popconfirm
      title={props.title}
      description={props.description}
      okText={props.label}
      cancelText="取消"
      okButtonProps={{ danger: true }}
      onConfirm={props.onConfirm}
    >
      <Button size="small" danger loading={props.loading}>
        {props.label}
      </Button>
    </Popconfirm>
  );
}

/**
 * 发布 (now or later), 下线 (after a confirmation) and, for a draft never published, 删除 (after a
 * confirmation), for an announcement or an article.
 */
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
  const remove = () =>
    run(
      row.id,
      () =>
        consoleCall(
          kind === 'announcement' ? consoleContent.announcementDelete : consoleContent.articleDelete,
          { id: row.id },
        ),
      `${noun}草稿已删除`,
    );
  return (
    <Space size={4} wrap>
      {row.state !== 'published' && (
        <Button size="small" type="primary" onClick={() => setPublishing(true)}>
          {row.state === 'scheduled' ? '改期' : '发布'}
        </Button>
      )}
      {(row.state === 'published' || row.state === 'scheduled') && (
        <ConfirmedDanger
          label="下线"
          title={`下线该${noun}？`}
          description="访客将看不到它；之后可以重新发布。"
          loading={busy === row.id}
          onConfirm={() => void withdraw()}
        />
      )}
      {row.state === 'draft' && (
        <ConfirmedDanger
          label="删除"
          title={`删除该${noun}草稿？`}
          description="草稿从未公开，删除后不能恢复。"
          loading={busy === row.id}
          onConfirm={() => void remove()}
        />
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
  /** Wide enough for a draft's actions on one line (编辑, 发布, 删除 and the kind's own). */
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
