import { deals } from '@chepai/shared';
import { Alert, Checkbox, Input, Space } from 'antd';
import { useState } from 'react';
import { consoleCall, type StoredOperator } from '../console-api';
import { DealDrawer } from '../deals/deal-drawer';
import { fmt, stacked, StageTag, yuan } from '../deals/deal-format';
import { PagedTable } from '../paged-table';
import { StatusFilter } from '../status-filter';
import { useLoad } from '../use-load';

type Stage = deals.DealStage | 'all';

/** 成交管理: every deal by stage, overdue ones first, one deal in a drawer. */
export function DealsPage({ operator }: { operator: StoredOperator }) {
  const [pageNum, setPageNum] = useState(1);
  const [stage, setStage] = useState<Stage>('all');
  const [overdueOnly, setOverdueOnly] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const { data, error, loading, reload } = useLoad(
    () =>
      consoleCall(deals.consoleDealList, {
        pageNum,
        pageSize: 20,
        stage: stage === 'all' ? undefined : stage,
        overdueOnly: overdueOnly || undefined,
        keyword: keyword || undefined,
      }),
    [pageNum, stage, overdueOnly, keyword],
  );
  return (
    <>
      {error && <Alert type="error" message={error} showIcon style={{ marginBottom: 12 }} />}
      <Space wrap className="console-filters">
        <StatusFilter<deals.DealStage>
          value={stage}
          texts={deals.DEAL_STAGES}
          onChange={(v) => {
            setPageNum(1);
            setStage(v);
          }}
        />
        <Checkbox
          checked={overdueOnly}
          onChange={(e) => {
            setPageNum(1);
            setOverdueOnly(e.target.checked);
          }}
        >
          只看逾期
        </Checkbox>
        <Input.Search
          allowClear
          placeholder="拍品编号、车辆、号牌或买受人"
          style={{ width: 260 }}
          onSearch={(v) => {
            setPageNum(1);
            setKeyword(v.trim());
          }}
        />
      </Space>
      <PagedTable
        rowKey="orderId"
        loading={loading}
        dataSource={data?.list ?? []}
        minWidth={980}
        pageNum={pageNum}
        total={data?.total}
        onPage={setPageNum}
        locale={{ emptyText: '暂无成交' }}
        onRow={(r) => ({ onClick: () => setOpen(r.orderId), style: { cursor: 'pointer' } })}
        columns={[
          {
            title: '阶段',
            width: 130,
            render: (_, r) => <StageTag stage={r.stage} overdue={r.overdue} />,
          },
          {
            title: '车辆',
            render: (_, r) => (
              <>
                {r.title}
                <div className="console-muted">
                  {r.orderId} · {r.plateNo}
                </div>
              </>
            ),
          },
          { title: '期限', dataIndex: 'deadline', width: 170, render: fmt },
          { title: '成交价', dataIndex: 'finalPrice', width: 130, render: yuan },
          {
            title: '买受人',
            width: 150,
            render: (_, r) => stacked(r.buyerName, r.buyerTel),
          },
          { title: '处置单位', dataIndex: 'sellerName', width: 200 },
        ]}
      />
      <DealDrawer
        orderId={open}
        operator={operator}
        onClose={() => {
          setOpen(null);
          reload();
        }}
      />
    </>
  );
}
