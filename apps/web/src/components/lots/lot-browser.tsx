import { SEARCH_PAGE_SIZE, lots } from '@chepai/shared';
import type { SearchSort } from '@chepai/shared/contracts/lots';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useBrandFacets, useLotSearch, type FilterInput } from '../../api/lot-search-queries';
import { Empty } from '../plain/empty';
import { Pager } from '../plain/pager';
import { Skeleton } from '../plain/skeleton';
import { FILTER_ROWS, STATUS_OPTIONS, type Option } from './filter-options';
import { LotCard } from './lot-card';
import './lots.css';

const SORTS: SearchSort[] = ['endingSoon', 'newest', 'priceAsc', 'priceDesc', 'mostBids'];
const RESULT_SORTS: SearchSort[] = ['endedRecently', 'newest', 'priceAsc', 'priceDesc', 'mostBids'];

interface Props {
  /** The hall's statuses; absent on the search page, which offers a status row instead. */
  statuses?: number[];
  defaultSort?: SearchSort;
}

function FilterRow({
  label,
  param,
  options,
}: {
  label: string;
  param: string;
  options: Array<{ key: string; label: string }>;
}) {
  const [params, setParams] = useSearchParams();
  const current = params.get(param) ?? '';
  const choose = (key: string) => {
    const next = new URLSearchParams(params);
    if (key) next.set(param, key);
    else next.delete(param);
    next.delete('page');
    setParams(next);
  };
  return (
    <div className="filter-row" role="group" aria-label={label}>
      <span className="filter-label">{label}</span>
      <div className="filter-options">
        <button type="button" className="check-tag" aria-pressed={!current} onClick={() => choose('')}>
          不限
        </button>
        {options.map((o) => (
          <button
            type="button"
            key={o.key}
            className="check-tag"
            aria-pressed={current === o.key}
            onClick={() => choose(current === o.key ? '' : o.key)}
          >
            {o.label}
          </button>
        ))}
      </div>
    </div>
  );
}

/** Filter bar, sort bar, 16 lots a page and the empty state; all state lives in the URL. */
export function LotBrowser({ statuses, defaultSort = 'endingSoon' }: Props) {
  const [params, setParams] = useSearchParams();
  const { data: brands } = useBrandFacets();
  const pageNum = Math.max(1, Number(params.get('page')) || 1);
  const sort = (params.get('sort') as SearchSort | null) ?? defaultSort;
  const filters = useMemo(() => {
    const f: FilterInput = { sort };
    const keyword = params.get('keyword')?.trim();
    if (keyword) f.keyword = keyword.slice(0, 50);
    if (statuses) f.statusList = statuses;
    const brand = params.get('brand');
    if (brand) f.brandName = brand;
    const pick = (param: string, options: readonly Option[]) =>
      options.find((o) => o.key === params.get(param))?.apply(f);
    for (const row of FILTER_ROWS) pick(row.param, row.options);
    if (!statuses) pick('status', STATUS_OPTIONS);
    return f;
  }, [params, statuses, sort]);
  const { data, isLoading } = useLotSearch(filters, pageNum, SEARCH_PAGE_SIZE);
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    setParams(next);
  };
  const sorts = statuses?.every((s) => s >= 5) ? RESULT_SORTS : SORTS;
  // Before bidding, lots end in the order they start.
  const upcoming = statuses?.every((s) => s === 0 || s === 2) ?? false;
  const anyFilter = [...params.keys()].some((k) => k !== 'page' && k !== 'sort');

  return (
    <div className="lot-browser">
      <div className="filter-bar">
        {!statuses && <FilterRow label="状态" param="status" options={STATUS_OPTIONS} />}
        <FilterRow
          label="品牌"
          param="brand"
          options={(brands ?? []).slice(0, 24).map((b) => ({ key: b.brandName, label: b.brandName }))}
        />
        {FILTER_ROWS.map((r) => (
          <FilterRow key={r.param} label={r.label} param={r.param} options={r.options} />
        ))}
      </div>
      <div className="sort-bar" role="group" aria-label="排序">
        {sorts.map((s) => (
          <button
            type="button"
            key={s}
            className={`btn btn-small ${sort === s ? 'btn-primary' : 'btn-text'}`}
            aria-pressed={sort === s}
            onClick={() => set({ sort: s === defaultSort ? null : s, page: null })}
          >
            {s === 'endingSoon' && upcoming ? '即将开拍' : lots.SEARCH_SORT_TEXT[s]}
          </button>
        ))}
        <span className="total">
          共<strong data-testid="lot-total">{data?.total ?? 0}</strong>辆车
        </span>
      </div>
      {isLoading ? (
        <Skeleton rows={8} />
      ) : !data?.list.length ? (
        <div className="lot-empty">
          <Empty
            description={
              params.get('keyword')
                ? `没有找到与“${params.get('keyword')}”相关的车辆`
                : '没有找到符合条件的车辆'
            }
          >
            {anyFilter && (
              <button type="button" className="btn" onClick={() => setParams(new URLSearchParams())}>
                清空筛选条件
              </button>
            )}
          </Empty>
        </div>
      ) : (
        <>
          <div className="lot-grid">
            {data.list.map((lot) => (
              <LotCard key={lot.orderId} lot={lot} />
            ))}
          </div>
          <div className="lot-pager">
            <Pager
              current={pageNum}
              pageSize={SEARCH_PAGE_SIZE}
              total={data.total}
              totalText={(t) => `共 ${t} 辆`}
              onChange={(p) => {
                set({ page: p === 1 ? null : String(p) });
                window.scrollTo({ top: 0 });
              }}
            />
          </div>
        </>
      )}
    </div>
  );
}
