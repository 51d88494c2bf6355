import { Button, Descriptions, Empty } from 'antd';
import { beijing, yuanText } from '../../../components/lots/format';
import { useOrderSettlement, usePaySellerFee } from '../api/settlement-api';
import { PayoutTag } from './payout-tag';

/**
 * 结算: what the deal pays the unit — the hammer price less the seller's fee (deducted, or paid
 * separately when the lot's terms say so) — and each payout to the collection account with its state.
 */
export function SettlementCard({
  orderId,
  stage,
  paidInFull,
}: {
  orderId: string;
  stage: string;
  paidInFull: boolean;
}) {
  const { data } = useOrderSettlement(orderId, stage);
  const pay = usePaySellerFee(orderId);
  if (!data) return null;
  const fee = data.sellerFee;
  return (
    <section className="seller-settlement" data-testid="seller-settlement">
      <h3 className="order-detail-h3">结算</h3>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          {
            key: 'fee',
            label: '卖方服务费',
            children: (
              <span className="deal-amount-row">
                {yuanText(fee.amount)}
                <span className="muted">
                  {fee.separate
                    ? fee.paid
                      ? `（已于 ${beijing(fee.paidAt ?? 0)} 支付）`
                      : '（需单独支付）'
                    : '（从结算款中扣除）'}
                </span>
                {fee.separate && !fee.paid && paidInFull && (
                  <Button size="small" type="primary" loading={pay.isPending} onClick={() => pay.mutate()}>
                    支付卖方服务费
                  </Button>
                )}
              </span>
            ),
          },
        ]}
      />
      {data.payouts.length ? (
        data.payouts.map((p) => (
          <Descriptions
            key={p.payoutNo}
            className="seller-payout"
            bordered
            size="small"
            column={1}
            title={`${p.kindText} · ${p.payoutNo}`}
            items={[
              {
                key: 'amount',
                label: '结算金额',
                children: (
                  <span className="deal-amount-row">
                    <strong>{yuanText(p.amount)}</strong>
                    <span className="muted">
                      （{yuanText(p.gross)} − 服务费 {yuanText(p.sellerFee)}）
                    </span>
                    <PayoutTag payout={p} />
                  </span>
                ),
              },
              {
                key: 'account',
                label: '收款账户',
                children: p.account.accountNo
                  ? `${p.account.accountName} · ${p.account.bankName} ${p.account.accountNo}`
                  : '打款时使用本单位已验证的收款账户',
              },
              {
                key: 'when',
                label: p.paidAt ? '到账时间' : '生成时间',
                children: beijing(p.paidAt ?? p.createdAt),
              },
              ...(p.failure ? [{ key: 'failure', label: '失败原因', children: p.failure }] : []),
            ]}
          />
        ))
      ) : (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="买受人付清全部款项且确认交车后，平台将成交款结算至本单位收款账户。"
        />
      )}
    </section>
  );
}
