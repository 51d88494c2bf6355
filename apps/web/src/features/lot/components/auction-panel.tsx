import { EyeOutlined, HeartOutlined, TeamOutlined } from '@ant-design/icons';
import type { LotDetail } from '@chepai/shared/contracts/lots';
import { lazy, Suspense, type ReactNode } from 'react';
import { Countdown } from '../../../components/lots/countdown';
import { beijing, yuanText } from '../../../components/lots/format';
import { StatusBadge } from '../../../components/lots/status-badge';
import { useServerNow } from '../../../lib/server-clock';

// Loaded after the first paint, like the cards' hearts.
const WatchHeart = lazy(() =>
  import('../../../components/lots/watch-heart').then((m) => ({ default: m.WatchHeart })),
);

function Clock({ lot, onElapsed }: { lot: LotDetail; onElapsed: () => void }) {
  const now = useServerNow(1000);
  const phase =
    lot.status === 0 && now < lot.regStartTime
      ? { label: '距报名开始', target: lot.regStartTime }
      : lot.status === 0 || lot.status === 2
        ? { label: '距开拍', target: lot.startTime }
        : lot.status === 3 || lot.status === 4
          ? { label: lot.status === 4 ? '延时竞价 距结束' : '距结束', target: lot.endTime }
          : null;
  if (!phase) return <div className="panel-clock ended">竞价已于 {beijing(lot.endTime, 'full')} 结束</div>;
  if (phase.target <= now)
    return (
      <div className="panel-clock ended">{lot.status >= 3 ? '竞价结束，结果确认中…' : '状态更新中…'}</div>
    );
  return (
    <div className="panel-clock">
      <span>{phase.label}</span>
      <Countdown target={phase.target} onElapsed={onElapsed} className="panel-countdown" />
    </div>
  );
}

/** Status, prices, the server-corrected countdown; `children` is the call to action or the bid panel. */
export function AuctionPanel({
  lot,
  onElapsed,
  children,
}: {
  lot: LotDetail;
  onElapsed: () => void;
  children: ReactNode;
}) {
  const priceLabel =
    lot.status === 5 ? '成交价' : lot.status === 6 ? '最高出价' : lot.bidCount ? '当前价' : '起拍价';
  const showCurrent = !(lot.status === 6 && lot.bidCount === 0);
  return (
    <section className="auction-panel" aria-label="竞价信息">
      <h1 className="lot-title">{lot.title}</h1>
      <div className="lot-tags">
        <StatusBadge status={lot.status} />
        <span className="tag tag-plain">{lot.plateCity}牌照</span>
        <span className="tag tag-plain">{lot.usageType}</span>
        <span className="tag tag-plain">{lot.sellerType}处置</span>
        {lot.condition.accident ? (
          <span className="tag tag-orange">有事故修复</span>
        ) : (
          <span className="tag tag-green">无重大事故</span>
        )}
      </div>
      <div className="price-box">
        <div className="price-main">
          <span className="muted">{priceLabel}</span>
          <strong data-testid="current-price">{showCurrent ? yuanText(lot.currentPrice) : '无人出价'}</strong>
        </div>
        <dl className="price-grid">
          <dt>起拍价</dt>
          <dd>{yuanText(lot.startPrice)}</dd>
          <dt>加价幅度</dt>
          <dd>{yuanText(lot.increment)}</dd>
          <dt>保证金</dt>
          <dd>{yuanText(lot.deposit)}</dd>
          <dt>评估价</dt>
          <dd>{lot.appraisalPrice ? yuanText(lot.appraisalPrice) : '—'}</dd>
          <dt>保留价</dt>
          <dd>{lot.hasReserve ? '有保留价' : '无保留价'}</dd>
          <dt>出价次数</dt>
          <dd>{lot.bidCount} 次</dd>
        </dl>
      </div>
      <Clock lot={lot} onElapsed={onElapsed} />
      <dl className="time-grid">
        <dt>报名时间</dt>
        <dd>{beijing(lot.regStartTime)} 起</dd>
        <dt>开拍时间</dt>
        <dd>{beijing(lot.startTime)}</dd>
        <dt>结束时间</dt>
        <dd>{beijing(lot.endTime)}</dd>
      </dl>
      {children}
      <div className="panel-stats muted">
        {lot.status <= 4 ? (
          <Suspense fallback={null}>
            <WatchHeart orderId={lot.orderId} label />
          </Suspense>
        ) : null}
        <span>
          <EyeOutlined /> {lot.views} 次围观
        </span>
        <span data-testid="watchers">
          <HeartOutlined /> {lot.watchers} 人关注
        </span>
        <span>
          <TeamOutlined /> {lot.extendWindowMinutes} 分钟延时规则
        </span>
      </div>
    </section>
  );
}
