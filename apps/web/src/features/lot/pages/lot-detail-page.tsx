import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useBreadcrumbTail } from '../../../app/layout/breadcrumb-tail';
import { yuanText } from '../../../components/lots/format';
import { QueryState } from '../../../components/query-state';
import { useLiveLot } from '../../../lib/live';
import { useLotDetail } from '../api/lot-queries';
import { AuctionPanel } from '../components/auction-panel';
import { AuctionRules } from '../components/auction-rules';
import { BidPanel } from '../components/bid-panel';
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
  // Every live bid, extension or close refreshes the price, the countdown and the bid record.
  const [extendedTo, setExtendedTo] = useState<number | null>(null);
  useLiveLot(orderId, (e) => {
    if (e.type === 'lot.snapshot') return;
    if (e.type === 'lot.extended') setExtendedTo(e.endTime);
    refetch();
  });
  // In-app notice when this buyer is outbid.
  const { notification } = App.useApp();
  const wasLeading = useRef(false);
  const [bidByMe, setBidByMe] = useState(false);
  useEffect(() => {
    if (!lot) return;
    if (lot.leading) setBidByMe(true);
    if (wasLeading.current && !lot.leading && lot.status <= 4) {
      notification.warning({ message: '您的出价已被超越', description: `当前价 ${yuanText(lot.currentPrice)}，可继续加价`, placement: 'topRight' });
    }
    wasLeading.current = lot.leading;
  }, [lot, notification]);
  return (
    <div className="container lot-detail">
      <QueryState isLoading={isLoading} error={error}>
        {lot && (
          <>
            <div className="lot-top panel">
              <LotGallery photos={lot.photos} title={lot.title} />
              <AuctionPanel lot={lot} onElapsed={refetch} />
            </div>
            {extendedTo !== null && lot.status === 4 && (
              <div className="extension-notice" role="status">
                有竞买人在结束前出价，竞价已延时，新的结束时间：{new Date(extendedTo).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false })}
              </div>
            )}
            {lot.registered && (lot.status === 3 || lot.status === 4) && <BidPanel lot={lot} bidByMe={bidByMe} />}
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
