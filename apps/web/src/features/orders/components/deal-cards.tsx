import type { bidding, EndpointOutput } from '@chepai/shared';
import { Button, Empty, Pagination, Spin, Tag } from 'antd';
import { Link } from 'react-router';
import { beijing, yuanText } from '../../../components/lots/format';

export type Deal = EndpointOutput<typeof bidding.myDeals>['list'][number];

export const DEPOSIT_TEXT = {
  pending: '待支付',
  frozen: '冻结中',
  applied: '已抵扣',
  refunded: '已退还',
  forfeited: '已扣除',
} as const;

export function DealStateTag({ deal, now }: { deal: Deal; now: number }) {
  if (deal.dealState === 'paid')
    return <Tag color="green">已付清{deal.paidAt ? ` · ${beijing(deal.paidAt, 'short')}` : ''}</Tag>;
  if (deal.dealState === 'defaulted') return <Tag color="default">逾期违约 · 保证金已扣除</Tag>;
  return now > deal.payDeadline ? <Tag color="red">已逾期</Tag> : <Tag color="orange">待付余款</Tag>;
}

/** A date and time that may wrap between the two, never inside either. */
export function DateTime({ ms }: { ms: number }) {
  const [date, time] = beijing(ms).split(' ');
  return (
    <span className="date-time">
      <span>{date}</span> <span>{time}</span>
    </span>
  );
}

interface CardsProps {
  deals: Deal[];
  loading: boolean;
  now: number;
  paying: string | null;
  onPay: (orderId: string) => void;
  page: number;
  total: number;
  onPage: (page: number) => void;
}

/** 我的成交车辆 on a phone: one card per won lot, the figures in two columns. */
export function DealCards({ deals, loading, now, paying, onPay, page, total, onPage }: CardsProps) {
  if (!deals.length) return loading ? <Spin /> : <Empty description="暂无记录：您还没有竞得的车辆" />;
  return (
    <div className="deal-cards" data-testid="deal-cards">
      {deals.map((r) => (
        <div className="deal-card" key={r.orderId}>
          <Link className="deal-car" to={`/carAuction/carAuctionDetail/${r.orderId}`}>
            {r.coverUrl && <img src={r.coverUrl} alt="" />}
            <span>
              <span className="deal-car-title">{r.title}</span>
              <span className="deal-car-closed">
                成交于 <DateTime ms={r.closedAt} />
              </span>
            </span>
          </Link>
          <dl className="deal-figures">
            <dt>成交价</dt>
            <dd>
              <strong className="money">{yuanText(r.finalPrice)}</strong>
            </dd>
            <dt>保证金抵扣</dt>
            <dd>
              {yuanText(r.deposit)} <Tag>{DEPOSIT_TEXT[r.depositState]}</Tag>
            </dd>
            <dt>待付余款</dt>
            <dd>{yuanText(r.balanceDue)}</dd>
            <dt>付款截止</dt>
            <dd>
              <DateTime ms={r.payDeadline} />
            </dd>
          </dl>
          <div className="deal-card-foot">
            <DealStateTag deal={r} now={now} />
            {r.dealState === 'awaiting_payment' && now < r.payDeadline && (
              <Button type="primary" loading={paying === r.orderId} onClick={() => onPay(r.orderId)}>
                支付余款
              </Button>
            )}
          </div>
        </div>
      ))}
      {total > 10 && (
        <Pagination
          current={page}
          pageSize={10}
          total={total}
          onChange={onPage}
          showSizeChanger={false}
          simple
        />
      )}
    </div>
  );
}
