import { deals } from '@chepai/shared';
import { Alert, Button, Checkbox, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { consoleCall, type StoredOperator } from '../console-api';
import { DealDrawer } from '../deals/deal-drawer';
import { fmt, stacked, yuan } from '../deals/deal-format';
import { PagedTable } from '../paged-table';
import { ReasonModal } from '../reason-modal';
import { useAction } from '../use-action';
import { useLoad } from '../use-load';

const RESOLUTION = { none: '待处理', secondChance: '次高价成交', relisted: '已重新上拍' } as const;

function DefaultList({ operator }: { operator: StoredOperator }) {
  const [pageNum, setPageNum] = useState(1);
  const [openOnly, setOpenOnly] = useState(true);
  const [drawer, setDrawer] = useState<string | null>(null);
  const { data, error, loading, reload } = useLoad(
    () => consoleCall(deals.consoleDefaultList, { pageNum, pageSize: 20, open: openOnly || undefined }),
    [pageNum, openOnly],
  );
  return (
    <>
      {error && <Alert type="error" message={error} showIcon style={{ marginBottom: 12 }} />}
      <Checkbox
        checked={openOnly}
        style={{ marginBottom: 12 }}
        onChange={(e) => {
          setPageNum(1);
          setOpenOnly(e.target.checked);
        }}
      >
        只看未处理
      </Checkbox>
      <PagedTable
        rowKey="orderId"
        loading={loading}
        dataSource={data?.list ?? []}
        minWidth={980}
        pageNum={pageNum}
        total={data?.total}
        onPage={setPageNum}
        locale={{ emptyText: '暂无违约' }}
        onRow={(r) => ({ onClick: () => setDrawer(r.orderId), style: { cursor: 'pointer' } })}
        columns={[
          { title: '违约时间', dataIndex: 'at', width: 170, render: fmt },
          {
            title: '车辆',
            render: (_, r) => stacked(r.title, r.orderId),
          },
          {
            title: '买受人',
            width: 140,
            render: (_, r) => stacked(r.buyerName, r.buyerTel),
          },
          { title: '原因', dataIndex: 'reasonText', width: 190 },
          { title: '没收保证金', dataIndex: 'forfeited', width: 120, render: yuan },
          {
            title: '处理',
            width: 170,
            render: (_, r) => (
              <>
                <Tag color={r.resolution === 'none' ? 'orange' : 'default'}>{RESOLUTION[r.resolution]}</Tag>
                {r.offerStatus && (
                  <div className="console-muted">{deals.OFFER_STATUS_TEXT[r.offerStatus]}</div>
                )}
              </>
            ),
          },
        ]}
      />
      <DealDrawer
        orderId={drawer}
        operator={operator}
        onClose={() => {
          setDrawer(null);
          reload();
        }}
      />
    </>
  );
}

function StrikeList({ mayLift }: { mayLift: boolean }) {
  const [pageNum, setPageNum] = useState(1);
  const [barredOnly, setBarredOnly] = useState(false);
  const [lifting, setLifting] = useState<{ buyerId: string; name: string } | null>(null);
  const { data, error, loading, reload } = useLoad(
    () =>
      consoleCall(deals.consoleStrikeList, { pageNum, pageSize: 20, barredOnly: barredOnly || undefined }),
    [pageNum, barredOnly],
  );
  const { busy, run } = useAction(reload);
  const lift = async (reason: string) => {
    if (!lifting) return false;
    const ok = await run(
      lifting.buyerId,
      () => consoleCall(deals.consoleLiftBar, { buyerId: lifting.buyerId, reason }),
      `已解除 ${lifting.name} 的报名限制`,
    );
    if (ok) setLifting(null);
    return ok;
  };
  return (
    <>
      {error && <Alert type="error" message={error} showIcon style={{ marginBottom: 12 }} />}
      <Checkbox
        checked={barredOnly}
        style={{ marginBottom: 12 }}
        onChange={(e) => {
          setPageNum(1);
          setBarredOnly(e.target.checked);
        }}
      >
        只看禁止报名中
      </Checkbox>
      <PagedTable
        rowKey="buyerId"
        loading={loading}
        dataSource={data?.list ?? []}
        minWidth={900}
        pageNum={pageNum}
        total={data?.total}
        onPage={setPageNum}
        locale={{ emptyText: '暂无违约记录' }}
        columns={[
          {
            title: '买受人',
            width: 150,
            render: (_, r) => stacked(r.buyerName, r.buyerTel),
          },
          {
            title: '违约记录',
            render: (_, r) => (
              <>
                <strong>{r.strikes.length} 次</strong>
                {r.strikes.map((s) => (
                  <div key={`${s.orderId}-${s.at}`} className="console-muted">
                    {fmt(s.at)} {s.title}：{s.reasonText}
                  </div>
                ))}
              </>
            ),
          },
          {
            title: '报名限制',
            width: 200,
            render: (_, r) =>
              r.bar ? <Tag color="red">禁止报名至 {fmt(r.bar.until)}</Tag> : <Tag>未限制</Tag>,
          },
          {
            title: '操作',
            // Stays in view while the rest of a wide row scrolls sideways (a phone's 390 px).
            fixed: 'right',
            width: 110,
            render: (_, r) =>
              r.bar && mayLift ? (
                <Button size="small" onClick={() => setLifting({ buyerId: r.buyerId, name: r.buyerName })}>
                  解除限制
                </Button>
              ) : null,
          },
        ]}
      />
      <ReasonModal
        open={lifting !== null}
        title={`解除报名限制：${lifting?.name ?? ''}`}
        okText="确认解除"
        label="解除原因"
        hint="违约记录保留；解除操作记入审计日志。"
        loading={busy !== null}
        onSubmit={lift}
        onCancel={() => setLifting(null)}
      />
    </>
  );
}

/** 违约与禁拍: defaults (act on one from its deal) and the buyers' strikes (lift a bar). */
export function DefaultsPage({ operator }: { operator: StoredOperator }) {
  const mayLift = operator.roles.some((r) => r === 'admin' || r === 'finance');
  return (
    <Tabs
      items={[
        { key: 'defaults', label: '违约成交', children: <DefaultList operator={operator} /> },
        { key: 'strikes', label: '违约买受人', children: <StrikeList mayLift={mayLift} /> },
      ]}
    />
  );
}
