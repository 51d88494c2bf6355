import { consoleApi } from '@chepai/shared';
import { Alert, Input } from 'antd';
import { useState } from 'react';
import { PagedTable } from '../paged-table';
import { consoleCall } from '../console-api';
import { useLoad } from '../use-load';
import { fmt } from '../deals/deal-format';

const ACTION_TEXT: Record<string, string> = {
  login: '登录后台',
  'lot.approve': '审核通过并排期',
  'lot.reject': '审核驳回',
  'lot.requestChanges': '要求修改',
  'lot.cancel': '撤拍',
  'announcement.create': '新建公告',
  'announcement.update': '修改公告',
  'announcement.publish': '发布公告',
  'announcement.withdraw': '下线公告',
  'announcement.delete': '删除公告草稿',
  'announcement.pin': '置顶公告',
  'announcement.unpin': '取消置顶公告',
  'article.create': '新建帮助文章',
  'article.update': '修改帮助文章',
  'article.publish': '发布帮助文章',
  'article.withdraw': '下线帮助文章',
  'article.delete': '删除帮助文章草稿',
  'article.reorder': '调整帮助文章顺序',
  'keyword.create': '添加热门搜索词',
  'keyword.rename': '修改热门搜索词',
  'keyword.enable': '启用热门搜索词',
  'keyword.disable': '停用热门搜索词',
  'keyword.reorder': '调整热门搜索词顺序',
  'keyword.delete': '删除热门搜索词',
};
const json = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v, null, 2));

/** 审计日志: every staff action, written by the server, read-only here. */
export function AuditPage() {
  const [pageNum, setPageNum] = useState(1);
  const [targetId, setTargetId] = useState('');
  const { data, error, loading } = useLoad(
    () => consoleCall(consoleApi.auditList, { pageNum, pageSize: 20, targetId: targetId || undefined }),
    [pageNum, targetId],
  );
  return (
    <>
      {error && <Alert type="error" message={error} showIcon style={{ marginBottom: 12 }} />}
      <Input.Search
        placeholder="按对象编号筛选（订单、公告…）"
        allowClear
        style={{ maxWidth: 320, marginBottom: 12 }}
        onSearch={(v) => {
          setPageNum(1);
          setTargetId(v.trim());
        }}
      />
      <PagedTable
        rowKey="id"
        loading={loading}
        dataSource={data?.list ?? []}
        minWidth={760}
        pageNum={pageNum}
        total={data?.total}
        onPage={setPageNum}
        expandable={{
          expandedRowRender: (r) => (
            <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8 }}>
              <div>
                <b>变更前</b>
                <pre className="console-json">{json(r.before)}</pre>
              </div>
              <div>
                <b>变更后</b>
                <pre className="console-json">{json(r.after)}</pre>
              </div>
            </div>
          ),
        }}
        columns={[
          {
            title: '时间',
            dataIndex: 'at',
            width: 170,
            render: (v: number) => fmt(v),
          },
          { title: '操作人', dataIndex: 'operatorName', width: 100 },
          { title: '操作', dataIndex: 'action', width: 140, render: (v: string) => ACTION_TEXT[v] ?? v },
          { title: '对象', dataIndex: 'targetId', width: 170 },
          { title: '原因', dataIndex: 'reason', render: (v: string) => v || '—' },
          { title: '来源', dataIndex: 'ip', width: 130 },
        ]}
      />
    </>
  );
}
