import type { catalog } from '@chepai/shared';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useBrands, useModelList, useSeriesList } from '../../api/catalog-queries';
import {
  formatGuidePrice,
  groupBrandsByLetter,
  groupModelsByYear,
  groupSeriesByFct,
  priceRange,
  type Group,
} from './picker-groups';
import './car-picker.css';

export type PickerStep = 1 | 2 | 3;

export interface CarPickerPanelProps {
  step: PickerStep;
  /** Clicking an earlier step title steps back. */
  onStep: (step: PickerStep) => void;
  brand: catalog.Brand | null;
  series: catalog.Series | null;
  /** The chosen model, highlighted when the list shows it again. */
  modelId?: string | null;
  onBrand: (brand: catalog.Brand) => void;
  onSeries: (series: catalog.Series) => void;
  onModel: (model: catalog.Model) => void;
  listHeight: number;
  /** Models already taken (shown with a tag; picking one again is refused by the caller). */
  takenIds?: ReadonlySet<string>;
}

const STEP_TITLES = ['选择品牌', '选择车系', '选择车型'] as const;

export function CarPickerPanel(props: CarPickerPanelProps) {
  const { step, onStep, brand, series, listHeight } = props;
  const listRef = useRef<HTMLDivElement>(null);
  const brands = useBrands();
  const seriesList = useSeriesList(step >= 2 ? (brand?.id ?? null) : null);
  const models = useModelList(step >= 3 ? (series?.id ?? null) : null);

  const brandGroups = useMemo(() => groupBrandsByLetter(brands.data ?? []), [brands.data]);
  const seriesGroups = useMemo(() => groupSeriesByFct(seriesList.data ?? []), [seriesList.data]);
  const modelGroups = useMemo(() => groupModelsByYear(models.data ?? []), [models.data]);
  const current = step === 1 ? brands : step === 2 ? seriesList : models;

  // Re-highlight the stored choice once its list has loaded (isCalculate,
  // docs/product.md#11-compare-and-calculator).
  useEffect(() => {
    const list = listRef.current;
    const active = list?.querySelector<HTMLElement>('.picker-item.active');
    if (list && active) list.scrollTop = Math.max(0, active.offsetTop - list.clientHeight / 2);
    else if (list) list.scrollTop = 0;
  }, [step, current.data]);

  const scrollToLetter = (letter: string) => {
    const list = listRef.current;
    const group = list?.querySelector<HTMLElement>(`[data-group="${letter}"]`);
    if (list && group) list.scrollTop = group.offsetTop;
  };

  const titles = [brand?.name, series?.seriesName, null];
  return (
    <div className="car-picker-panel" data-testid="car-picker-panel">
      <div className="picker-steps">
        {STEP_TITLES.map((title, i) => {
          const n = (i + 1) as PickerStep;
          return (
            <button
              type="button"
              key={title}
              className={`picker-step${n === step ? ' current' : ''}`}
              disabled={n > step}
              onClick={() => n < step && onStep(n)}
            >
              <span className="picker-step-no">{n}</span>
              {n < step && titles[i] ? titles[i] : title}
            </button>
          );
        })}
      </div>
      <div className="picker-body">
        {step === 1 && (
          <div className="picker-letters" aria-label="首字母索引">
            {brandGroups.map((g) => (
              <button type="button" key={g.key} onClick={() => scrollToLetter(g.key)}>
                {g.key}
              </button>
            ))}
          </div>
        )}
        <div className="picker-list" ref={listRef} style={{ maxHeight: listHeight, height: listHeight }}>
          {current.isLoading ? (
            <div className="picker-loading" role="status" aria-label="加载中">
              <span className="spinner" aria-hidden="true" />
            </div>
          ) : step === 1 ? (
            <Groups
              groups={brandGroups}
              render={(b) => (
                <PickerItem key={b.id} active={b.id === brand?.id} onClick={() => props.onBrand(b)}>
                  <img src={b.logo} alt="" width={24} height={24} loading="lazy" />
                  {b.name}
                </PickerItem>
              )}
            />
          ) : step === 2 ? (
            <Groups
              groups={seriesGroups}
              render={(s) => (
                <PickerItem key={s.id} active={s.id === series?.id} onClick={() => props.onSeries(s)}>
                  <span className="picker-name">{s.seriesName}</span>
                  <span className="picker-price">{priceRange(s.minPrice, s.maxPrice)}</span>
                </PickerItem>
              )}
            />
          ) : (
            <Groups
              groups={modelGroups}
              render={(m) => (
                <PickerItem key={m.id} active={m.id === props.modelId} onClick={() => props.onModel(m)}>
                  <span className="picker-name">
                    {m.name}
                    {props.takenIds?.has(m.id) ? (
                      <span className="tag tag-plain picker-tag">已添加</span>
                    ) : null}
                    {m.onSale ? null : <span className="tag tag-plain picker-tag">停售</span>}
                  </span>
                  <span className="picker-price">{formatGuidePrice(m.seriesPrice)}</span>
                </PickerItem>
              )}
            />
          )}
        </div>
      </div>
    </div>
  );
}

function Groups<T>({ groups, render }: { groups: Group<T>[]; render: (item: T) => ReactNode }) {
  if (!groups.length) return <p className="empty-text">暂无数据</p>;
  return (
    <>
      {groups.map((g) => (
        <div key={g.key} data-group={g.key} className="picker-group">
          <div className="picker-group-title">{g.title}</div>
          {g.items.map(render)}
        </div>
      ))}
    </>
  );
}

function PickerItem({
  active,
  onClick,
  children,
}: {
  active: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" className={`picker-item${active ? ' active' : ''}`} onClick={onClick}>
      {children}
    </button>
  );
}
