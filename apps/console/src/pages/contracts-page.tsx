import { deals } from '@chepai/shared';
import { Alert, Button, Segmented, Space, Tag } from 'antd';
import { useState } from 'react';
import { consoleCall, type StoredOperator } from '../console-api';
import { fmt, stacked } from '../deals/deal-format';
import { PagedTable } from '../paged-table';
import { ReasonModal } from '../reason-modal';
import { useAction } from '../use-action';
import { useLoad } from '../use-load';

type Status = 'pending' | 'accepted' | 'rejected';
const STATUS_COLOR = { pending: 'orange', accepted: 'green', rejected: 'red' } as const;

/** 签署件审核: scans of signed paper contracts; accepting signs the deal, rejecting needs a reason. */
export function ContractsPage({ operator }: { operator: StoredOperator }) {
  const [pageNum, setPageNum] = useState(1);
  const [status, setStatus] = useState<Status>('pending');
  const [rejecting, setRejecting] = useState<string | null>(null);
  const mayReview = operator.roles.some((r) => r === 'admin' || r === 'reviewer');
  const { data, error, loading, reload } = useLoad(
    () => consoleCall(deals.consoleContractQueue, { pageNum, pageSize: 20, status }),
    [pageNum, status],
  );
  const { busy, run } = useAction(reload);
  const review = async (orderId: string, accept: boolean, reason?: string) => {
    const ok = await run(
      orderId,
      () => consoleCall(deals.consoleReviewContract, { orderId, accept, reason }),
      accept ? '已通过，该成交视为已签署' : '已驳回，买受人可重新上传',
    );
    if (ok) setRejecting(null);
    return ok;
  };
  return (
    <>
      {error && <Alert type="error" message={error} showIcon style={{ marginBottom: 12 }} />}
      <Segmented<Status>
        value={status}
        style={{ marginBottom: 12 }}
        options={Object.entries(deals.PAPER_CONTRACT_STATUS_TEXT).map(([value, label]) => ({
          value: value as Status,
          label,
        }))}
        onChange={(v) => {
          setPageNum(1);
          setStatus(v);
        }}
      />
      <PagedTable
        rowKey="orderId"
        loading={loading}
        dataSource={data?.list ?? []}
        minWidth={900}
        pageNum={pageNum}
        total={data?.total}
        onPage={setPageNum}
        locale={{ emptyText: '没有待审核的签署件' }}
        columns={[
          { title: '上传时间', dataIndex: 'uploadedAt', width: 170, render: fmt },
          {
            title: '车辆',
            render: (_, r) => stacked(r.title, r.orderId),
          },
          { title: '买受人', dataIndex: 'buyerName', width: 110 },
          {
            title: '签署件',
            width: 130,
            render: (_, r) => (
              <a href={r.fileUrl} target="_blank" rel="noreferrer">
                查看{r.contentType === 'application/pdf' ? ' PDF' : '图片'}
              </a>
            ),
          },
          {
            title: '状态',
            width: 200,
            render: (_, r) => (
              <>
                <Tag color={STATUS_COLOR[r.status]}>{r.statusText}</Tag>
                {r.reason && <div className="console-muted">{r.reason}</div>}
              </>
            ),
          },
          {
            title: '操作',
            // Stays in view while the rest of a wide row scrolls sideways (a phone's 390 px).
            fixed: 'right',
            width: 160,
            render: (_, r) =>
              r.status === 'pending' && mayReview ? (
                <Space>
                  <Button
                    size="small"
                    type="primary"
                    loading={busy === r.orderId}
                    onClick={() => void review(r.orderId, true)}
                  >
                    通过
                  </Button>
                  <Button size="small" danger onClick={() => setRejecting(r.orderId)}>
                    驳回
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      <ReasonModal
        open={rejecting !== null}
        title="驳回签署件"
        okText="确认驳回"
        label="驳回原因"
        hint="请写明原因（买受人会看到），例如：签名页缺失、图片不清晰。"
        danger
        loading={busy !== null}
        onSubmit={(reason) => (rejecting ? review(rejecting, false, reason) : Promise.resolve(false))}
        onCancel={() => setRejecting(null)}
      />
    </>
  );
}
