import type { catalog } from '@chepai/shared';
import { useQueries } from '@tanstack/react-query';
import { useMemo, useRef, useState, type RefObject } from 'react';
import { Empty } from '../../../components/plain/empty';
import { modelConfigQuery, useParamNames } from '../../../api/catalog-queries';
import type { useCompareList } from '../hooks/use-compare-list';
import { buildCompareRows } from '../utils/compare-rows';
import { CategoryIndex } from './category-index';
import { CompareTable } from './compare-table';

interface Props {
  compare: ReturnType<typeof useCompareList>;
  hideSame: boolean;
  highlight: boolean;
  areaRef: RefObject<HTMLDivElement | null>;
}

const configsOf = (results: Array<{ data?: catalog.ConfigInfo }>) => results.map((r) => r.data);

// Constant elements: React skips them on the re-renders while configurations arrive one by one.
const LOADING = (
  <div className="compare-loading" role="status">
    <span className="spinner" aria-hidden="true" />
    正在加载车型配置…
  </div>
);
const EMPTY = (
  <div className="compare-empty">
    <Empty description="还没有对比车型：点击“选择车型”，最多可同时对比10款车型" />
  </div>
);

/**
 * The side index and the table: fetches each car's configuration and groups them
 * (docs/product.md#11-compare-and-calculator).
 */
export function CompareView({ compare, hideSame, highlight, areaRef }: Props) {
  const { list } = compare;
  const scrollRef = useRef<HTMLDivElement>(null);
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

  return (
    <div className="compare-area" ref={areaRef}>
      {list.length ? (
        <CategoryIndex categories={view.categories} hideSame={hideSame} scrollRef={scrollRef} />
      ) : null}
      <div className="compare-scroll" ref={scrollRef} data-testid="compare-scroll" aria-busy={loading}>
        {!list.length ? (
          EMPTY
        ) : !view.cars.length ? (
          LOADING
        ) : (
          <CompareTable
            cars={view.cars}
            categories={view.categories}
            hideSame={hideSame}
            highlight={highlight}
            onPin={compare.pin}
            onMove={compare.move}
            onRemove={compare.remove}
          />
        )}
      </div>
    </div>
  );
}
