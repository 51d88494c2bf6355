import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useParams } from 'react-router';
import { useBreadcrumbTail } from '../../../app/layout/breadcrumb-tail';
import { QueryState } from '../../../components/query-state';
import { useLotDetail } from '../api/lot-queries';
import { AuctionPanel } from '../components/auction-panel';
import { AuctionRules } from '../components/auction-rules';
import { BidRecordList } from '../components/bid-record-list';
import { ConditionSection } from '../components/condition-section';
import { LotGallery } from '../components/lot-gallery';
import { SpecSection } from '../components/spec-section';
import '../lot.css';

export default function LotDetailPage() {
  const { orderId = '' } = useParams();
  const { data: lot, isLoading, error } = useLotDetail(orderId);
  const queryClient = useQueryClient();
  useBreadcrumbTail(lot ? [{ title: lot.title }] : null);
  // At zero the phase may have changed on the server: ask again.
  const refetch = useCallback(() => void queryClient.invalidateQueries({ queryKey: ['lot', orderId] }), [queryClient, orderId]);
  return (
    <div className="container lot-detail">
      <QueryState isLoading={isLoading} error={error}>
        {lot && (
          <>
            <div className="lot-top panel">
              <LotGallery photos={lot.photos} title={lot.title} />
              <AuctionPanel lot={lot} onElapsed={refetch} />
            </div>
            <nav className="lot-anchors" aria-label="页面导航">
              <a href="#specs">车辆信息</a>
              <a href="#condition">车况报告</a>
              <a href="#rules">竞价规则</a>
              <a href="#bids">出价记录（{lot.bidCount}）</a>
            </nav>
            <SpecSection lot={lot} />
            <ConditionSection lot={lot} />
            <AuctionRules lot={lot} />
            <BidRecordList orderId={lot.orderId} status={lot.status} bidCount={lot.bidCount} />
          </>
        )}
      </QueryState>
    </div>
  );
}
