import type { catalog } from '@chepai/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { fetchModelBriefs } from '../../../api/catalog-queries';
import { CompareToolbar } from '../components/compare-toolbar';
import { CompareView } from '../components/compare-view';
import { useCompareList } from '../hooks/use-compare-list';
import { headerNameOf, parseShareIds, shareUrl, type CompareCar } from '../utils/compare-list';
import '../compare.css';
import { useFeedback } from '../../../components/feedback';
import { lazyWithAntd } from '../../../components/antd-scope-lazy';

/** The share dialog (antd's Modal, Input, copyable text) loads when it is first opened. */
const ShareDialog = lazyWithAntd(() => import('../components/share-dialog'));

export default function CarComparePage() {
  const { message } = useFeedback();
  const compare = useCompareList();
  const { list } = compare;
  const [params, setParams] = useSearchParams();
  const [hideSame, setHideSame] = useState(false);
  const [highlight, setHighlight] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);
  const areaRef = useRef<HTMLDivElement>(null);
  const [areaHeight, setAreaHeight] = useState(600);

  // A share link (/carCompare?ids=a,b,c) replaces the list with its cars, in its order.
  const shareIds = params.get('ids');
  const { replace } = compare;
  useEffect(() => {
    if (shareIds === null) return;
    const ids = parseShareIds(shareIds);
    if (!ids.length) {
      setParams({}, { replace: true });
      return;
    }
    let cancelled = false;
    void fetchModelBriefs(ids)
      .catch(() => [] as catalog.ModelBrief[])
      .then((briefs) => {
        if (cancelled) return;
        const cars: CompareCar[] = briefs.map((b) => {
          const base = {
            id: b.id,
            name: b.name,
            year: b.year,
            seriesPrice: b.seriesPrice,
            brandName: b.brandName,
            seriesName: b.seriesName,
          };
          return { ...base, carHeaderName: headerNameOf(base), pinActive: false };
        });
        if (cars.length) replace(cars);
        setParams({}, { replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, [shareIds, replace, setParams]);

  useEffect(() => {
    const el = areaRef.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setAreaHeight(el.clientHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const takenIds = useMemo(() => new Set(list.map((c) => c.id)), [list]);
  const { add } = compare;
  const onAdd = useCallback(
    (car: CompareCar) => {
      const result = add(car);
      if (!result.ok) void message.warning(result.message);
      return result.ok;
    },
    [add, message],
  );
  const openShare = useCallback(() => setShareOpen(true), []);

  const link = shareUrl(window.location.origin, list);
  return (
    <div className="container compare-page">
      <CompareToolbar
        count={list.length}
        takenIds={takenIds}
        onAdd={onAdd}
        areaHeight={areaHeight}
        hideSame={hideSame}
        onHideSame={setHideSame}
        highlight={highlight}
        onHighlight={setHighlight}
        onShare={openShare}
        onClear={compare.clear}
      />
      <CompareView compare={compare} hideSame={hideSame} highlight={highlight} areaRef={areaRef} />
      <p className="compare-notice muted">车型库为示例数据，配置与价格以厂商公布为准。</p>
      {shareOpen && <ShareDialog link={link} onClose={() => setShareOpen(false)} />}
    </div>
  );
}
