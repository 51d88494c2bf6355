import { consoleContent } from '@chepai/shared';
import { Alert, Button, Form, Input, Segmented, Select, Space } from 'antd';
import { useState } from 'react';
import { consoleCall } from '../console-api';
import { ContentDrawer, contentApi, contractRule } from '../content/content-drawer';
import { OrderedTable } from '../content/ordered-table';
import { publicationColumns } from '../content/publication-controls';
import { useAction } from '../use-action';
import { useLoad } from '../use-load';

type Row = consoleContent.ArticleRow;
type Section = 1 | 2 | 3;
const SECTIONS = ([1, 2, 3] as const).map((t) => ({ value: t, label: consoleContent.SUPPORT_TYPE_TEXT[t] }));
const field = consoleContent.articleCreate.input.shape;

const API = contentApi(consoleContent.articleGet, consoleContent.articleCreate, consoleContent.articleUpdate);

/** 帮助文章: the footer's three sections; write, publish, withdraw and order their articles. */
export function ArticlesPage() {
  const [type, setType] = useState<Section>(1);
  // The item in the drawer: its id, or 'new'.
  const [editing, setEditing] = useState<string | null>(null);
  const { data, error, loading, reload } = useLoad(
    () => consoleCall(consoleContent.articleList, { type }),
    [type],
  );
  const { busy, run } = useAction(reload);
  const rows = data ?? [];
  const reorder = (ids: string[]) =>
    void run('order', () => consoleCall(consoleContent.articleReorder, { type, ids }), '顺序已更新');

  return (
    <>
      {error && <Alert type="error" message={error} showIcon style={{ marginBottom: 12 }} />}
      <Space className="console-filters" wrap>
        <Button type="primary" onClick={() => setEditing('new')}>
          新建文章
        </Button>
        <div className="console-status-filter">
          <Segmented<Section> value={type} options={SECTIONS} onChange={setType} />
        </div>
      </Space>
      <OrderedTable<Row>
        rows={rows}
        name={(r) => r.title}
        busy={busy !== null}
        reorder={reorder}
        loading={loading}
        minWidth={1020}
        emptyText="该栏目暂无文章"
        columns={[
          { title: '标题', dataIndex: 'title' },
          ...publicationColumns<Row>({
            kind: 'article',
            actionsWidth: 190,
            onEdit: (r) => setEditing(r.id),
            onDone: reload,
          }),
        ]}
      />
      {editing && (
        <ContentDrawer
          key={editing}
          item={editing}
          noun="文章"
          api={API}
          empty={{ type, title: '' }}
          meta={(v) => `栏目：${consoleContent.SUPPORT_TYPE_TEXT[v.type] ?? '—'}`}
          fields={
            <>
              <Form.Item name="type" label="栏目" required rules={[contractRule(field.type)]}>
                <Select options={SECTIONS} aria-label="栏目" />
              </Form.Item>
              <Form.Item name="title" label="标题" required rules={[contractRule(field.title)]}>
                <Input maxLength={consoleContent.TITLE_MAX} showCount />
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
