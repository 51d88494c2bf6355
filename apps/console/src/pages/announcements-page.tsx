import { consoleContent } from '@chepai/shared';
import { Alert, Button, Form, Input, Space, Tag } from 'antd';
import { useState } from 'react';
import { consoleCall } from '../console-api';
import { ContentDrawer, contentApi, contractRule } from '../content/content-drawer';
import { publicationColumns } from '../content/publication-controls';
import { stacked } from '../deals/deal-format';
import { PagedTable } from '../paged-table';
import { StatusFilter } from '../status-filter';
import { useAction } from '../use-action';
import { useLoad } from '../use-load';

type Row = consoleContent.AnnouncementRow;
type Values = { title: string; summary: string; source: string };
const EMPTY: Values = { title: '', summary: '', source: '车拍商城运营中心' };
const field = consoleContent.announcementCreate.input.shape;

const API = contentApi(
  consoleContent.announcementGet,
  consoleContent.announcementCreate,
  consoleContent.announcementUpdate,
);

/** 公告管理: announcements in every state; write, publish now or later, withdraw, pin. */
export function AnnouncementsPage() {
  const [pageNum, setPageNum] = useState(1);
  const [state, setState] = useState<'all' | consoleContent.PublicationState>('all');
  const [keyword, setKeyword] = useState('');
  // The item in the drawer: its id, or 'new'.
  const [editing, setEditing] = useState<string | null>(null);
  const { data, error, loading, reload } = useLoad(
    () =>
      consoleCall(consoleContent.announcementList, {
        pageNum,
        pageSize: 20,
        state: state === 'all' ? undefined : state,
        keyword: keyword || undefined,
      }),
    [pageNum, state, keyword],
  );
  const { busy, run } = useAction(reload);
  const pin = (r: Row) =>
    run(
      r.id,
      () => consoleCall(consoleContent.announcementPin, { id: r.id, pinned: !r.pinned }),
      r.pinned ? '已取消置顶' : '已置顶',
    );

  return (
    <>
      {error && <Alert type="error" message={error} showIcon style={{ marginBottom: 12 }} />}
      <Space className="console-filters" wrap>
        <Button type="primary" onClick={() => setEditing('new')}>
          新建公告
        </Button>
        <StatusFilter
          value={state}
          texts={consoleContent.PUBLICATION_STATE}
          onChange={(v) => {
            setPageNum(1);
            setState(v);
          }}
        />
        <Input.Search
          placeholder="按标题搜索"
          aria-label="按标题搜索"
          allowClear
          maxLength={50}
          onSearch={(v) => {
            setPageNum(1);
            setKeyword(v.trim());
          }}
        />
      </Space>
      <PagedTable<Row>
        rowKey="id"
        loading={loading}
        dataSource={data?.list ?? []}
        // Wide enough that the title keeps a readable column beside the fixed ones.
        minWidth={1080}
        pageNum={pageNum}
        total={data?.total}
        onPage={setPageNum}
        locale={{ emptyText: '暂无公告' }}
        columns={[
          {
            title: '标题',
            render: (_, r) =>
              stacked(
                <>
                  {r.pinned && <Tag color="red">置顶</Tag>}
                  {r.title}
                </>,
                r.summary,
              ),
          },
          ...publicationColumns<Row>({
            kind: 'announcement',
            actionsWidth: 240,
            onEdit: (r) => setEditing(r.id),
            onDone: reload,
            more: (r) => (
              <Button size="small" type="link" loading={busy === r.id} onClick={() => void pin(r)}>
                {r.pinned ? '取消置顶' : '置顶'}
              </Button>
            ),
          }),
        ]}
      />
      {editing && (
        <ContentDrawer
          key={editing}
          item={editing}
          noun="公告"
          api={API}
          empty={EMPTY}
          meta={(v) => `来源：${v.source || '—'}`}
          fields={
            <>
              <Form.Item name="title" label="标题" required rules={[contractRule(field.title)]}>
                <Input maxLength={consoleContent.TITLE_MAX} showCount />
              </Form.Item>
              <Form.Item
                name="summary"
                label="摘要（列表中标题下的一句话）"
                rules={[contractRule(field.summary)]}
              >
                <Input.TextArea rows={2} maxLength={consoleContent.SUMMARY_MAX} showCount />
              </Form.Item>
              <Form.Item name="source" label="来源" required rules={[contractRule(field.source)]}>
                <Input maxLength={consoleContent.SOURCE_MAX} />
              </Form.Item>
            </>
          }
          onClose={() => setEditing(null)}
          onSaved={reload}
        />
      )}
    </>
  );
}
