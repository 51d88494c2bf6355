import { PrinterOutlined, ShareAltOutlined } from '@ant-design/icons';
import type { catalog } from '@chepai/shared';
import { useQueries } from '@tanstack/react-query';
import { App, Button, Checkbox, Empty, Input, Modal, Popconfirm, Space, Spin, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { fetchModelBriefs, modelConfigQuery, useParamNames } from '../../../components/car-picker/catalog-queries';
import { CategoryIndex } from '../components/category-index';
import { CompareCarSelect } from '../components/compare-car-select';
import { CompareTable } from '../components/compare-table';
import { useCompareList } from '../hooks/use-compare-list';
import { headerNameOf, parseShareIds, shareUrl, type CompareCar } from '../utils/compare-list';
import { buildCompareRows } from '../utils/compare-rows';
import '../compare.css';

const configsOf = (results: Array<{ data?: catalog.ConfigInfo }>) => results.map((r) => r.data);

export default function CarComparePage() {
  const { message } = App.useApp();
  const compare = useCompareList();
  const { list } = compare;
  const [params, setParams] = useSearchParams();
  const [hideSame, setHideSame] = useState(false);
  const [highlight, setHighlight] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);
  const areaRef = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
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
          const base = { id: b.id, name: b.name, year: b.year, seriesPrice: b.seriesPrice, brandName: b.brandName, seriesName: b.seriesName };
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

  const known = useParamNames();
  const configs = useQueries({ queries: list.map((c) => modelConfigQuery(c.id)), combine: configsOf });
  const loading = list.length > 0 && (known.isLoading || configs.some((c) => c === undefined));
  // The table is built once every configuration is in (not once per arriving response); while a
  // newly added car loads, the previous complete table stays on screen.
  const ready = useMemo(
    () => (loading ? null : { cars: list, categories: buildCompareRows(known.data ?? [], configs) }),
    [loading, list, known.data, configs],
  );
  const [shown, setShown] = useState<NonNullable<typeof ready>>({ cars: [], categories: [] });
  if (ready && ready !== shown) setShown(ready);
  const view = ready ?? shown;
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

  const link = shareUrl(window.location.origin, list);
  return (
    <div className="container compare-page">
      <div className="compare-toolbar">
        <h2>车型对比</h2>
        <CompareCarSelect count={list.length} takenIds={takenIds} onAdd={onAdd} areaHeight={areaHeight} />
        <Space size={16} className="compare-switches">
          <Checkbox checked={hideSame} onChange={(e) => setHideSame(e.target.checked)} disabled={list.length < 2}>
            隐藏相同项
          </Checkbox>
          <Checkbox checked={highlight} onChange={(e) => setHighlight(e.target.checked)} disabled={list.length < 2}>
            高亮不同项
          </Checkbox>
        </Space>
        <Space className="compare-actions">
          <Button icon={<ShareAltOutlined />} disabled={!list.length} onClick={() => setShareOpen(true)}>
            分享对比
          </Button>
          <Button icon={<PrinterOutlined />} disabled={!list.length} onClick={() => window.print()}>
            打印
          </Button>
          <Popconfirm title="确定清空全部对比车型吗？" okText="清空" cancelText="取消" onConfirm={compare.clear} disabled={!list.length}>
            <Button danger disabled={!list.length}>
              清空
            </Button>
          </Popconfirm>
        </Space>
      </div>
      <div className="compare-area" ref={areaRef}>
        {list.length ? <CategoryIndex categories={view.categories} hideSame={hideSame} scrollRef={scrollRef} /> : null}
        <div className="compare-scroll" ref={scrollRef} data-testid="compare-scroll" aria-busy={loading}>
          {list.length && !view.cars.length ? (
            <Spin className="compare-loading" tip="正在加载车型配置…" size="large">
              <div style={{ height: 200 }} />
            </Spin>
          ) : list.length ? (
            <CompareTable
              cars={view.cars}
              categories={view.categories}
              hideSame={hideSame}
              highlight={highlight}
              onPin={compare.pin}
              onMove={compare.move}
              onRemove={compare.remove}
            />
          ) : (
            <Empty className="compare-empty" description="还没有对比车型：点击“选择车型”，最多可同时对比10款车型" />
          )}
        </div>
      </div>
      <p className="compare-notice muted">车型库为示例数据，配置与价格以厂商公布为准。</p>
      <Modal title="分享对比" open={shareOpen} onCancel={() => setShareOpen(false)} footer={null}>
        <p>复制下面的链接发给好友，打开即可看到相同的对比车型：</p>
        <Input readOnly value={link} data-testid="share-link" />
        <Typography.Paragraph copyable={{ text: link, tooltips: ['复制链接', '已复制'] }} style={{ marginTop: 12 }}>
          复制链接
        </Typography.Paragraph>
      </Modal>
    </div>
  );
}
