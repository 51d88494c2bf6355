import { FieldTimeOutlined, EnvironmentOutlined } from '@ant-design/icons';
import type { LotSummary } from '@chepai/shared/contracts/lots';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Countdown } from './countdown';
import { beijing, mileageText, wan } from './format';
import { StatusBadge } from './status-badge';
import './lots.css';

// The heart and its query load after the first paint (the halls' and home's JavaScript budget).
const WatchHeart = lazy(() => import('./watch-heart').then((m) => ({ default: m.WatchHeart })));

function priceLabel(status: number) {
  if (status === 5) return '成交价';
  if (status === 6) return '最高出价';
  if (status === 3 || status === 4) return '当前价';
  return '起拍价';
}

function TimeInfo({ lot }: { lot: LotSummary }) {
  if (lot.status === 3 || lot.status === 4) {
    return (
      <>
        距结束 <Countdown target={lot.endTime} className="lot-card-countdown" />
      </>
    );
  }
  if (lot.status === 0 || lot.status === 2) return <>开拍时间 {beijing(lot.startTime, 'short')}</>;
  return <>结束时间 {beijing(lot.endTime, 'short')}</>;
}

/** A lot in a grid: cover, status, title, price, time, city and bids (halls, search, home). */
export function LotCard({ lot }: { lot: LotSummary }) {
  const shownPrice =
    lot.status === 6 && lot.bidCount === 0
      ? null
      : lot.status === 0 || lot.status === 2
        ? lot.startPrice
        : lot.currentPrice;
  // The heart sits beside the link, not in it: a button inside a link is not operable on its own.
  return (
    <div className="lot-card-shell">
      <Link to={`/carAuction/carAuctionDetail/${lot.orderId}`} className="lot-card" data-status={lot.status}>
        <div className="lot-card-cover">
          {lot.coverUrl ? (
            <img src={lot.coverUrl} alt={lot.title} width={800} height={500} loading="lazy" />
          ) : (
            <div className="lot-card-nophoto">暂无图片</div>
          )}
          <StatusBadge status={lot.status} className="lot-card-status" />
        </div>
        <div className="lot-card-body">
          <div className="lot-card-title" title={lot.title}>
            {lot.title}
          </div>
          <div className="lot-card-meta">
            {lot.firstRegDate}上牌 · {mileageText(lot.mileageKm)} · {lot.fuelType}
          </div>
          <div className="lot-card-price">
            <span className="muted">{priceLabel(lot.status)}</span>
            {shownPrice ? <strong>¥{wan(shownPrice)}</strong> : <strong className="muted">无人出价</strong>}
            <span className="lot-card-bids">{lot.bidCount}次出价</span>
          </div>
          <div className="lot-card-foot">
            <span>
              <FieldTimeOutlined /> <TimeInfo lot={lot} />
            </span>
            <span>
              <EnvironmentOutlined /> {lot.city}
            </span>
          </div>
        </div>
      </Link>
      {lot.status <= 4 ? (
        <Suspense fallback={null}>
          <WatchHeart orderId={lot.orderId} />
        </Suspense>
      ) : null}
    </div>
  );
}
