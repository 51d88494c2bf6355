import type { LiveEvent, watchlist } from '@chepai/shared';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useToggleWatch, useWatchList } from '../../../api/watch-queries';
import { Empty } from '../../../components/plain/empty';
import { Pager } from '../../../components/plain/pager';
import { QueryState } from '../../../components/query-state';
import { Countdown } from '../../../components/lots/countdown';
import { beijing, wan } from '../../../components/lots/format';
import { StatusBadge } from '../../../components/lots/status-badge';
import { connectLot } from '../../../lib/live';
import '../personal-center.css';

type Lot = watchlist.WatchedLot;
type Live = Pick<Lot, 'status' | 'currentPrice' | 'endTime' | 'bidCount'>;
/** Lots in bidding on this page get a live socket each (anonymous: the user's cap stays free). */
const MAX_LIVE = 6;

/** Live price, bids and end of the watched lots in bidding, from the lot channel. */
function useLivePrices(lots: Lot[]) {
  const [live, setLive] = useState<Record<string, Live>>({});
  const ids = lots
    .filter((l) => l.status === 3 || l.status === 4)
    .slice(0, MAX_LIVE)
    .map((l) => l.orderId)
    .join(',');
  useEffect(() => {
    if (!ids) return;
    const conns = ids.split(',').map((orderId) =>
      connectLot(orderId, {
        token: () => null,
        onEvent: (e: LiveEvent) =>
          setLive((old) => {
            const prev = old[orderId];
            const next: Partial<Live> =
              e.type === 'lot.snapshot'
                ? {
                    status: e.status,
                    endTime: e.endTime,
                    bidCount: e.bidCount,
                    ...(e.currentPrice ? { currentPrice: e.currentPrice } : {}),
                  }
                : e.type === 'bid.placed'
                  ? { status: e.status, endTime: e.endTime, bidCount: e.bidCount, currentPrice: e.amount }
                  : e.type === 'lot.closed'
                    ? { status: e.status, ...(e.finalPrice ? { currentPrice: e.finalPrice } : {}) }
                    : { status: e.status, endTime: e.endTime };
            return { ...old, [orderId]: { ...(prev as Live), ...next } };
          }),
      }),
    );
    return () => conns.forEach((c) => c.close());
  }, [ids]);
  return (lot: Lot): Lot => ({ ...lot, ...live[lot.orderId] });
}

function When({ lot }: { lot: Lot }) {
  if (lot.status === 3 || lot.status === 4)
    return (
      <span className="watch-when live">
        距结束 <Countdown target={lot.endTime} />
      </span>
    );
  if (lot.status === 0 || lot.status === 2)
    return (
      <span className="watch-when">
        距开拍 <Countdown target={lot.startTime} />
        <small>{beijing(lot.startTime, 'short')} 开拍，开拍前30分钟提醒您</small>
      </span>
    );
  return <span className="watch-when muted">已于 {beijing(lot.endTime, 'short')} 结束</span>;
}

/** 我的关注: watched lots with live prices and countdowns; the heart's other end. Plain elements, no antd. */
export default function WatchlistPage() {
  const [page, setPage] = useState(1);
  const query = useWatchList(page);
  const toggle = useToggleWatch();
  const withLive = useLivePrices(query.data?.list ?? []);
  const d = query.data;
  return (
    <div className="center-body watchlist-page">
      <div className="center-title">我的关注</div>
      <QueryState isLoading={query.isLoading} error={query.error}>
        {d && d.list.length === 0 ? (
          <Empty description="还没有关注的车辆：在拍品卡片或详情页点击 ♡ 即可关注，开拍前30分钟会提醒您">
            <Link to="/foreshowHall">去预告大厅看看</Link>
          </Empty>
        ) : (
          <>
            <ul className="watch-list">
              {(d?.list ?? []).map(withLive).map((lot) => {
                const removing = toggle.isPending && toggle.variables?.orderId === lot.orderId;
                return (
                  <li
                    key={lot.orderId}
                    className="watch-item"
                    data-testid="watch-item"
                    data-order={lot.orderId}
                  >
                    <Link to={`/carAuction/carAuctionDetail/${lot.orderId}`} className="watch-cover">
                      {lot.coverUrl ? (
                        <img src={lot.coverUrl} alt={lot.title} width={160} height={100} loading="lazy" />
                      ) : null}
                      <StatusBadge status={lot.status} className="watch-status" />
                    </Link>
                    <div className="watch-main">
                      <Link to={`/carAuction/carAuctionDetail/${lot.orderId}`} className="watch-title">
                        {lot.title}
                      </Link>
                      <div className="watch-meta muted">
                        {lot.city} · {lot.firstRegDate}上牌 · 关注于 {beijing(lot.watchedAt, 'date')}
                      </div>
                      <When lot={lot} />
                    </div>
                    <div className="watch-price">
                      <span className="muted">
                        {lot.status <= 2 ? '起拍价' : lot.status === 5 ? '成交价' : '当前价'}
                      </span>
                      <strong data-testid="watch-price">
                        ¥{wan(lot.status <= 2 ? lot.startPrice : lot.currentPrice)}
                      </strong>
                      <span className="muted">{lot.bidCount} 次出价</span>
                    </div>
                    <button
                      type="button"
                      className="btn btn-small watch-remove"
                      disabled={removing}
                      aria-busy={removing}
                      onClick={() => toggle.mutate({ orderId: lot.orderId, watch: false })}
                    >
                      {removing ? '取消中…' : '取消关注'}
                    </button>
                  </li>
                );
              })}
            </ul>
            <Pager current={page} pageSize={10} total={d?.total ?? 0} onChange={setPage} hideOnSinglePage />
          </>
        )}
      </QueryState>
    </div>
  );
}
