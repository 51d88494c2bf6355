import { deals, type EndpointOutput } from '@chepai/shared';
import { Alert, Button, Descriptions, Drawer, Popconfirm, Space, Steps, Table, Tag } from 'antd';
import { canOpen, consoleCall, type StoredOperator } from '../console-api';
import { useAction } from '../use-action';
import { useLoad } from '../use-load';
import { fmt, StageTag, yuan } from './deal-format';
import { DealLedger } from './deal-ledger';
import { TransferForm } from './transfer-form';

type Detail = EndpointOutput<typeof deals.consoleDealDetail>;

function DefaultActions({ deal, onDone }: { deal: Detail; onDone: () => void }) {
  const { busy, run } = useAction(onDone);
  const info = deal.defaultInfo;
  if (!info) return null;
  const act = (action: 'secondChance' | 'relist') =>
    run(
      action,
      () => consoleCall(deals.consoleChooseAfterDefault, { orderId: deal.orderId, action }),
      action === 'relist' ? '已退回审核队列重新上拍' : '已向次高出价人发出邀请',
    );
  return (
    <>
      <h3 className="console-drawer-h3">违约处理</h3>
      <Alert
        type="warning"
        showIcon
        message={`${info.reasonText}（${fmt(info.at)}）`}
        description={`没收保证金 ${yuan(info.forfeited)}：处置单位 ${yuan(info.sellerShare)}，平台 ${yuan(info.platformShare)}`}
      />
      {info.offers.length > 0 && (
        <Table
          rowKey="offerId"
          size="small"
          pagination={false}
          dataSource={info.offers}
          style={{ marginTop: 8 }}
          columns={[
            { title: '竞买号', dataIndex: 'bidderNo' },
            { title: '出价', dataIndex: 'price', render: yuan },
            { title: '截止', dataIndex: 'expiresAt', render: fmt },
            { title: '状态', dataIndex: 'statusText' },
          ]}
        />
      )}
      {info.canRelist && !info.canOfferSecondChance && (
        <Alert
          style={{ marginTop: 8 }}
          type="info"
          showIcon
          message="没有可接受二次机会的竞买人（其余出价人已违约、已收到过邀请或正被禁止报名），只能重新上拍。"
        />
      )}
      <Space style={{ marginTop: 12 }}>
        {info.canOfferSecondChance && (
          <Popconfirm title="代处置单位向次高出价人发出邀请？" onConfirm={() => void act('secondChance')}>
            <Button type="primary" loading={busy === 'secondChance'}>
              转给次高出价人
            </Button>
          </Popconfirm>
        )}
        {info.canRelist && (
          <Popconfirm title="退回审核队列重新上拍？" onConfirm={() => void act('relist')}>
            <Button loading={busy === 'relist'}>重新上拍</Button>
          </Popconfirm>
        )}
      </Space>
    </>
  );
}

/** One deal in full: stages, money, contract, pickup, handover, transfer, default; the ledger for finance. */
export function DealDrawer({
  orderId,
  operator,
  onClose,
}: {
  orderId: string | null;
  operator: StoredOperator;
  onClose: () => void;
}) {
  const {
    data: deal,
    error,
    loading,
    reload,
  } = useLoad(
    () => (orderId ? consoleCall(deals.consoleDealDetail, { orderId }) : Promise.resolve(null)),
    [orderId],
  );
  const plan = deal?.pickupPlan;
  return (
    <Drawer
      open={orderId !== null}
      onClose={onClose}
      width="min(720px, 100vw)"
      loading={loading && !deal}
      title={deal ? `${deal.title}（${deal.orderId}）` : '成交详情'}
    >
      {error && <Alert type="error" showIcon message={error} />}
      {deal && (
        <div data-testid="deal-drawer">
          <Space wrap style={{ marginBottom: 12 }}>
            <StageTag stage={deal.stage} overdue={deal.overdue} />
            {deal.deadline && <span>当前期限 {fmt(deal.deadline)}</span>}
          </Space>
          <Steps
            size="small"
            direction="vertical"
            current={deal.steps.findIndex((s) => s.at === null)}
            status={deal.stage === 'defaulted' ? 'error' : 'process'}
            items={deal.steps.map((s) => ({
              title: s.label,
              description: s.at ? fmt(s.at) : s.deadline ? `截止 ${fmt(s.deadline)}` : undefined,
            }))}
          />
          <Descriptions
            bordered
            size="small"
            column={1}
            items={[
              {
                key: 'price',
                label: '成交价',
                children: `${yuan(deal.finalPrice)}（${deal.finalPriceInWords}）`,
              },
              { key: 'deposit', label: '保证金抵扣', children: yuan(deal.depositApplied) },
              {
                key: 'balance',
                label: '成交余款',
                children: (
                  <>
                    {yuan(deal.balanceDue)} <Tag>{deal.balancePaid ? '已支付' : '待支付'}</Tag>
                  </>
                ),
              },
              {
                key: 'fee',
                label: '买方服务费',
                children: (
                  <>
                    {yuan(deal.serviceFee)} <Tag>{deal.feePaid ? '已支付' : '待支付'}</Tag>
                  </>
                ),
              },
              {
                key: 'storage',
                label: '存放费',
                children: `${yuan(deal.storage.accrued)}（${deal.storage.days} 天，未付 ${yuan(deal.storage.outstanding)}）`,
              },
              {
                key: 'buyer',
                label: '买受人',
                children: `${deal.buyer.name} ${deal.buyer.tel} · 违约 ${deal.buyerStrikes} 次${
                  deal.buyerBarredUntil ? ` · 禁止报名至 ${fmt(deal.buyerBarredUntil)}` : ''
                }`,
              },
              { key: 'seller', label: '处置单位', children: deal.seller.name },
              {
                key: 'contract',
                label: '成交确认书',
                children: (
                  <>
                    {deal.contract.no} ·{' '}
                    {deal.contract.signedAt ? `已签署 ${fmt(deal.contract.signedAt)}` : '未签署'}
                    {deal.paperContract && (
                      <>
                        {' '}
                        · 纸质签署件 <Tag>{deal.paperContract.statusText}</Tag>
                        {deal.files.paperContract && (
                          <a href={deal.files.paperContract} target="_blank" rel="noreferrer">
                            查看
                          </a>
                        )}
                      </>
                    )}
                  </>
                ),
              },
              {
                key: 'pickup',
                label: '提车安排',
                children: plan
                  ? `${plan.pickupDate} ${deals.PICKUP_SLOTS[plan.slot]} · ${
                      plan.collector === 'self'
                        ? '本人'
                        : `代提 ${plan.agentName ?? ''} ${plan.agentIdMasked ?? ''}`
                    } · ${deals.TRANSFER_KINDS[plan.transfer]}`
                  : '未安排',
              },
              {
                key: 'handover',
                label: '交车',
                children: deal.handover
                  ? `${fmt(deal.handover.at)} · ${deal.handover.mileageKm.toLocaleString('zh-CN')} 公里`
                  : '未交车',
              },
              {
                key: 'transfer',
                label: '过户',
                children: deal.transfer ? (
                  <>
                    {deal.transfer.newPlateNo} · {deal.transfer.transferDate} ·{' '}
                    {deal.transfer.recordedBy === 'operator' ? '平台登记' : '处置单位登记'}
                    {deal.files.transferProof && (
                      <>
                        {' '}
                        <a href={deal.files.transferProof} target="_blank" rel="noreferrer">
                          查看证明
                        </a>
                      </>
                    )}
                  </>
                ) : (
                  '未过户'
                ),
              },
            ]}
          />
          {deal.stage === 'transfer' && canOpen(operator, ['reviewer']) && (
            <>
              <h3 className="console-drawer-h3">登记过户</h3>
              <TransferForm orderId={deal.orderId} onDone={reload} />
            </>
          )}
          <DefaultActions deal={deal} onDone={reload} />
          {canOpen(operator, ['finance']) && <DealLedger orderId={deal.orderId} />}
        </div>
      )}
    </Drawer>
  );
}
