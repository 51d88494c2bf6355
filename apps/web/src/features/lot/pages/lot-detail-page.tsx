import type { LotDetail } from '@chepai/shared/contracts/lots';
import { useQueryClient } from '@tanstack/react-query';
import { forwardRef, lazy, Suspense, useCallback, useRef } from 'react';
import { Skeleton } from '../../../components/plain/skeleton';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { useParams } from 'react-router';
import { useLotDetail } from '../../../api/lot-detail-query';
import { QueryState } from '../../../components/query-state';
import { beijing } from '../../../components/lots/format';
import { useBreadcrumbTail } from '../../../lib/breadcrumb-tail';
import { useSession } from '../../../lib/use-session';
import { AuctionPanel } from '../components/auction-panel';
import { AuctionRules } from '../components/auction-rules';
import { BidAction } from '../components/bid-action';
import type { MyState } from '../components/bid-panel';
import { ConditionSection } from '../components/condition-section';
import { LotGallery } from '../components/lot-gallery';
import { SpecSection } from '../components/spec-section';
import { useLiveLot } from '../hooks/use-live-lot';
import { useViewingLot } from '../../../lib/use-viewing-lot';
import { Notice } from '../../../components/plain/notice';
import '../lot.css';

/** Stands in for the bid records until they are in: their title and room for the table. */
const BidsPlaceholder = forwardRef<HTMLElement, { bidCount: number }>(function BidsPlaceholder(
  { bidCount },
  ref,
) {
  return (
    <section ref={ref} className="panel lot-section bid-records-loading" id="bids" aria-busy="true">
      <h2 className="panel-title">
        出价记录 <span className="muted">共 {bidCount} 次</span>
      </h2>
      <Skeleton rows={4} />
    </section>
  );
});
const BidRecordList = lazy(async () => ({
  default: (await import('../../../components/lots/bid-record-list')).BidRecordList,
}));

/** The bid records load, and are fetched, when their section comes near the viewport. */
function BidRecords(props: { orderId: string; status: number; bidCount: number }) {
  const ref = useRef<HTMLElement>(null);
  const near = useNearViewport(ref);
  if (!near) return <BidsPlaceholder ref={ref} bidCount={props.bidCount} />;
  return (
    <Suspense fallback={<BidsPlaceholder bidCount={props.bidCount} />}>
      <BidRecordList {...props} />
    </Suspense>
  );
}

function LotBody({ lot, refetch }: { lot: LotDetail; refetch: () => void }) {
  const user = useSession();
  const live = useLiveLot(lot, user?.role === 'buyer');
  useViewingLot(user?.role === 'buyer' ? lot.orderId : null);
  const current: LotDetail = {
    ...lot,
    status: live.status,
    endTime: live.endTime,
    bidCount: live.bidCount,
    currentPrice: live.currentPrice ?? lot.currentPrice,
    leading: live.leading,
  };
  const myState: MyState = live.leading ? 'leading' : lot.myTopAmount !== null ? 'outbid' : 'none';
  return (
    <>
      <div className="lot-top panel">
        <LotGallery photos={lot.photos} title={lot.title} />
        <AuctionPanel lot={current} onElapsed={refetch}>
          {live.extendedTo !== null && current.status === 4 && (
            <Notice
              className="extend-notice"
              type="warning"
              data-testid="extend-notice"
              message={`延时竞价：结束时间延长至 ${beijing(live.extendedTo, 'full').slice(11)}`}
            />
          )}
          {live.paused && (current.status === 3 || current.status === 4) ? (
            <Notice
              type="warning"
              data-testid="paused-notice"
              message="竞价已暂停"
              description="平台已暂停本场竞价，暂停期间不接受出价；恢复后结束时间按暂停时长顺延。"
            />
          ) : (
            <BidAction lot={current} myState={myState} />
          )}
        </AuctionPanel>
      </div>
      <nav className="lot-anchors" aria-label="页面导航">
        <a href="#specs">车辆信息</a>
        <a href="#condition">车况报告</a>
        <a href="#rules">竞价规则</a>
        <a href="#bids">出价记录（{current.bidCount}）</a>
      </nav>
      <SpecSection lot={lot} />
      <ConditionSection lot={lot} />
      <AuctionRules lot={lot} />
      <BidRecords orderId={lot.orderId} status={current.status} bidCount={current.bidCount} />
    </>
  );
}

export default function LotDetailPage() {
  const { orderId = '' } = useParams();
  const { data: lot, isLoading, error } = useLotDetail(orderId);
  const queryClient = useQueryClient();
  useBreadcrumbTail(lot ? [{ title: lot.title }] : null);
  // At zero the phase may have changed on the server: ask again.
  const refetch = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ['lot', orderId] }),
    [queryClient, orderId],
  );
  return (
    <div className="container lot-detail">
      <QueryState isLoading={isLoading} error={error}>
        {lot && <LotBody lot={lot} refetch={refetch} />}
      </QueryState>
    </div>
  );
}
