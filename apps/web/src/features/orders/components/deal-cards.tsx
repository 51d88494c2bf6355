import type { bidding, EndpointOutput } from '@chepai/shared';
import { Link } from 'react-router';
import { yuanText } from '../../../components/lots/format';
import { dealStageColor } from '../../../components/deals/deal-stage-tag';
import { Empty } from '../../../components/plain/empty';
import { Pager } from '../../../components/plain/pager';
import { Spinner } from '../../../components/plain/spinner';
import { tagClass } from '../../../components/plain/tag';
import { DepositStateTag } from '../../../components/deposit-state';
import { DateTime } from './date-time';

export type Deal = EndpointOutput<typeof bidding.myDeals>['list'][number];

/** Where the deal stands; an open stage says how long is left. */
export function DealStateTag({ deal, now }: { deal: Deal; now: number }) {
  const overdue =
    deal.stageDeadline !== null && now > deal.stageDeadline && ['signing', 'paying'].includes(deal.stage);
  return (
    <span className={tagClass(overdue ? 'red' : dealStageColor(deal.stage))}>
      {deal.stage === 'defaulted'
        ? '已违约 · 保证金已扣除'
        : overdue
          ? `${deal.stageText} · 已逾期`
          : deal.stageText}
    </span>
  );
}

/** The one thing to do next on a deal, as a link to its page. */
export function DealNextLink({ deal, block }: { deal: Deal; block?: boolean }) {
  const text =
    { signing: '去签约', paying: '去付款', pickup: '安排提车' }[deal.stage as 'signing'] ?? '查看详情';
  const primary = ['signing', 'paying', 'pickup'].includes(deal.stage);
  return (
    <Link
      to={`/buyerDetailInfo/${deal.orderId}`}
      className={`btn btn-small${primary ? ' btn-primary' : ''}${block ? ' btn-block' : ''}`}
    >
      {text}
    </Link>
  );
}

interface CardsProps {
  deals: Deal[];
  loading: boolean;
  now: number;
  page: number;
  total: number;
  onPage: (page: number) => void;
}

/** 我的成交车辆 on a phone: one card per won lot, the figures in two columns. */
export function DealCards({ deals, loading, now, page, total, onPage }: CardsProps) {
  if (!deals.length) return loading ? <Spinner /> : <Empty description="暂无记录：您还没有竞得的车辆" />;
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
              {yuanText(r.deposit)} <DepositStateTag state={r.depositState} />
            </dd>
            <dt>待付余款</dt>
            <dd>{yuanText(r.balanceDue)}</dd>
            {r.stageDeadline !== null && (
              <>
                <dt>{r.stage === 'signing' ? '签约截止' : r.stage === 'paying' ? '付款截止' : '期限'}</dt>
                <dd>
                  <DateTime ms={r.stageDeadline} />
                </dd>
              </>
            )}
          </dl>
          <div className="deal-card-foot">
            <DealStateTag deal={r} now={now} />
            <DealNextLink deal={r} />
          </div>
        </div>
      ))}
      <Pager current={page} pageSize={10} total={total} onChange={onPage} hideOnSinglePage />
    </div>
  );
}
