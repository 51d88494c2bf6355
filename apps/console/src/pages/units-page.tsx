import { consoleApi, type EndpointOutput } from '@chepai/shared';
import { Alert, Button, Modal, Table } from 'antd';
import { useState } from 'react';
import { PagedTable } from '../paged-table';
import { consoleCall, type StoredOperator } from '../console-api';
import { useLoad } from '../use-load';

type History = EndpointOutput<typeof consoleApi.unitCollectionHistory>;

/** 处置单位: each unit and its payment-receiving account; finance reads the account's history (audited). */
export function UnitsPage({ operator }: { operator: StoredOperator }) {
  const [pageNum, setPageNum] = useState(1);
  const { data, error, loading } = useLoad(
    () => consoleCall(consoleApi.unitList, { pageNum, pageSize: 20 }),
    [pageNum],
  );
  const [open, setOpen] = useState<{ name: string; history: History | null; error?: string } | null>(null);
  const mayRead = operator.roles.includes('admin') || operator.roles.includes('finance');
  const showHistory = (unitId: string, name: string) => {
    setOpen({ name, history: null });
    consoleCall(consoleApi.unitCollectionHistory, { unitId })
      .then((history) => setOpen({ name, history }))
      .catch((e: Error) => setOpen({ name, history: [], error: e.message }));
  };
  return (
    <>
      {error && <Alert type="error" message={error} showIcon style={{ marginBottom: 12 }} />}
      <PagedTable
        rowKey="businessUnitId"
        loading={loading}
        dataSource={data?.list ?? []}
        minWidth={760}
        pageNum={pageNum}
        total={data?.total}
        onPage={setPageNum}
        columns={[
          { title: '处置单位', dataIndex: 'name' },
          { title: '类型', dataIndex: 'orgType', width: 100 },
          { title: '统一社会信用代码', dataIndex: 'creditCode', width: 200, render: (v: string) => v || '—' },
          {
            title: '收款账户',
            dataIndex: 'collection',
            width: 260,
            render: (c: { bankName: string; accountNo: string } | null) =>
              c ? `${c.bankName} ${c.accountNo}` : '未设置',
          },
          {
            title: '',
            width: 110,
            render: (_, r) =>
              mayRead ? (
                <Button type="link" onClick={() => showHistory(r.businessUnitId, r.name)}>
                  变更记录
                </Button>
              ) : null,
          },
        ]}
      />
      <Modal
        open={open !== null}
        title={`收款账户变更记录：${open?.name ?? ''}`}
        footer={null}
        width={760}
        onCancel={() => setOpen(null)}
      >
        {open?.error && <Alert type="error" message={open.error} showIcon />}
        <Table
          rowKey={(r) => `${r.changedAt}-${r.accountNo}`}
          size="small"
          loading={open?.history === null}
          dataSource={open?.history ?? []}
          pagination={false}
          scroll={{ x: 640 }}
          locale={{ emptyText: '暂无变更记录' }}
          columns={[
            { title: '时间', dataIndex: 'changedAt', width: 150 },
            { title: '操作人', dataIndex: 'changedBy', width: 80 },
            { title: '户名', dataIndex: 'accountName' },
            { title: '开户行', render: (_, r) => `${r.bankName} ${r.branchName}` },
            { title: '账号', dataIndex: 'accountNo', width: 170 },
          ]}
        />
      </Modal>
    </>
  );
}
