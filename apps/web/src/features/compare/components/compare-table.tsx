import { memo, useMemo, type CSSProperties } from 'react';
import { formatGuidePrice } from '../../../components/car-picker/picker-groups';
import type { CompareCar } from '../utils/compare-list';
import { compareBodyHtml, type CompareCategory } from '../utils/compare-rows';

interface Props {
  cars: CompareCar[];
  categories: CompareCategory[];
  hideSame: boolean;
  highlight: boolean;
  onPin: (id: string) => void;
  onMove: (id: string, direction: -1 | 1) => void;
  onRemove: (id: string) => void;
}

// No antd components inside the table: forty antd Buttons with icons cost more to mount (style
// hooks, wave effect, an SVG each; SVG background images cost as much to style and paint) than the
// rest of the table's first frame; native buttons with text glyphs and native titles do the job.
// A grid of flex rows rather than a <table>: rows take `content-visibility: auto`, so only those
// on screen are laid out and painted (internal table boxes cannot be contained). The toggles only
// change two classes on the root; the body is one memoised HTML string and never re-renders.
export function CompareTable({ cars, categories, hideSame, highlight, ...actions }: Props) {
  const pinned = cars[0]?.pinActive ? ' has-pinned' : '';
  const className = `compare-table${hideSame ? ' hide-same' : ''}${highlight ? ' highlight-diff' : ''}${pinned}`;
  return (
    <div
      className={className}
      role="table"
      aria-label="车型参数对比"
      // Column widths are CSS variables (narrower on small screens and in print).
      style={{ '--cars': cars.length } as CSSProperties}
    >
      <CompareHead cars={cars} {...actions} />
      <CompareBody categories={categories} />
    </div>
  );
}

function ActionButton(props: {
  label: string;
  title: string;
  glyph: string;
  onClick: () => void;
  disabled?: boolean;
  variant?: 'primary' | 'danger';
}) {
  return (
    <button
      type="button"
      className={`cg-action${props.variant ? ` ${props.variant}` : ''}`}
      title={props.title}
      aria-label={props.label}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {props.glyph}
    </button>
  );
}

const CompareHead = memo(function CompareHead({
  cars,
  onPin,
  onMove,
  onRemove,
}: Omit<Props, 'categories' | 'hideSame' | 'highlight'>) {
  const first = cars[0]?.pinActive ? 1 : 0;
  return (
    <div className="cg-head" role="rowgroup">
      <div className="cg-row-head" role="row">
        <div className="cg-cell param-col head-corner" role="columnheader">
          <div>参数配置</div>
          <div className="legend">{'● 标配 · ○ 选配 · - 无'}</div>
        </div>
        {cars.map((car, i) => (
          <div
            key={car.id}
            className={`cg-cell car-col${car.pinActive ? ' pinned' : ''}`}
            role="columnheader"
            data-testid="car-header"
          >
            <div className="carHeaderName" title={car.carHeaderName}>
              {car.carHeaderName}
            </div>
            <div className="car-price">厂商指导价 {formatGuidePrice(car.seriesPrice)}</div>
            <div className="car-actions">
              <ActionButton
                label={car.pinActive ? '取消固定' : '固定'}
                title={car.pinActive ? '取消固定' : '固定在首列'}
                variant={car.pinActive ? 'primary' : undefined}
                glyph={car.pinActive ? '已固定' : '固定'}
                onClick={() => onPin(car.id)}
              />
              <ActionButton
                label="左移"
                title="左移"
                glyph="←"
                disabled={i <= first}
                onClick={() => onMove(car.id, -1)}
              />
              <ActionButton
                label="右移"
                title="右移"
                glyph="→"
                disabled={car.pinActive || i === cars.length - 1}
                onClick={() => onMove(car.id, 1)}
              />
              <ActionButton
                label="删除"
                title="删除"
                variant="danger"
                glyph="×"
                onClick={() => onRemove(car.id)}
              />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
});

const CompareBody = memo(function CompareBody({ categories }: { categories: CompareCategory[] }) {
  const html = useMemo(() => ({ __html: compareBodyHtml(categories) }), [categories]);
  return <div role="rowgroup" dangerouslySetInnerHTML={html} />;
});
