import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  CloseOutlined,
  PushpinFilled,
  PushpinOutlined,
} from '@ant-design/icons';
import { Button } from 'antd';
import { memo } from 'react';
import { formatGuidePrice } from '../../../components/car-picker/picker-groups';
import type { CompareCar } from '../utils/compare-list';
import { rowCellsHtml, type CompareCategory } from '../utils/compare-rows';

interface Props {
  cars: CompareCar[];
  categories: CompareCategory[];
  hideSame: boolean;
  highlight: boolean;
  onPin: (id: string) => void;
  onMove: (id: string, direction: -1 | 1) => void;
  onRemove: (id: string) => void;
}

export const PARAM_COL_WIDTH = 180;
export const CAR_COL_WIDTH = 200;

// Header actions use native titles rather than 40 antd Tooltips (each one a portal trigger).
// A grid of flex rows rather than a <table>: rows take `content-visibility: auto`, so only those
// on screen are laid out and painted (internal table boxes cannot be contained). The toggles only
// change two classes on the root; the rows are memoised and never re-render for them.
export function CompareTable({ cars, categories, hideSame, highlight, ...actions }: Props) {
  const pinned = cars[0]?.pinActive ? ' has-pinned' : '';
  const className = `compare-table${hideSame ? ' hide-same' : ''}${highlight ? ' highlight-diff' : ''}${pinned}`;
  return (
    <div
      className={className}
      role="table"
      aria-label="车型参数对比"
      style={{ width: PARAM_COL_WIDTH + cars.length * CAR_COL_WIDTH }}
    >
      <CompareHead cars={cars} {...actions} />
      <CompareBody categories={categories} />
    </div>
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
              <Button
                title={car.pinActive ? '取消固定' : '固定在首列'}
                size="small"
                type={car.pinActive ? 'primary' : 'text'}
                icon={car.pinActive ? <PushpinFilled /> : <PushpinOutlined />}
                aria-label={car.pinActive ? '取消固定' : '固定'}
                onClick={() => onPin(car.id)}
              />
              <Button
                title="左移"
                size="small"
                type="text"
                icon={<ArrowLeftOutlined />}
                aria-label="左移"
                disabled={i <= first}
                onClick={() => onMove(car.id, -1)}
              />
              <Button
                title="右移"
                size="small"
                type="text"
                icon={<ArrowRightOutlined />}
                aria-label="右移"
                disabled={car.pinActive || i === cars.length - 1}
                onClick={() => onMove(car.id, 1)}
              />
              <Button
                title="删除"
                size="small"
                type="text"
                danger
                icon={<CloseOutlined />}
                aria-label="删除"
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
  return (
    <div role="rowgroup">
      {categories.map((cat) => (
        <CategoryRows key={cat.category} category={cat} />
      ))}
    </div>
  );
});

const CategoryRows = memo(function CategoryRows({ category }: { category: CompareCategory }) {
  return (
    <>
      <div
        className={`cg-cat${category.allSame ? ' cat-same' : ''}`}
        data-category={category.category}
        role="row"
      >
        <div className="cat-title" role="rowheader">
          {category.category}
        </div>
      </div>
      {category.rows.map((row) => (
        <div
          key={row.key}
          className={`cg-row ${row.same ? 'row-same' : 'row-diff'}`}
          role="row"
          // Cells as one escaped HTML string: the browser's parser builds the ~3,500 cells of ten
          // cars far faster than React elements would, and a row never changes once built.
          dangerouslySetInnerHTML={{ __html: rowCellsHtml(row) }}
        />
      ))}
    </>
  );
});
