import { ArrowLeftOutlined, ArrowRightOutlined, CloseOutlined, PushpinFilled, PushpinOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { memo } from 'react';
import { formatGuidePrice } from '../../../components/car-picker/picker-groups';
import type { CompareCar } from '../utils/compare-list';
import { valueKind, type CompareCategory } from '../utils/compare-rows';

interface Props {
  cars: CompareCar[];
  categories: CompareCategory[];
  hideSame: boolean;
  highlight: boolean;
  onPin: (id: string) => void;
  onMove: (id: string, direction: -1 | 1) => void;
  onRemove: (id: string) => void;
}

// The toggles only change two classes on <table>; the rows are memoised and never re-render for
// them, so 隐藏相同项 / 高亮不同项 cost one style recalculation (see bench/compare).
export function CompareTable({ cars, categories, hideSame, highlight, ...actions }: Props) {
  const pinned = cars[0]?.pinActive ? 1 : 0;
  const className = `compare-table${hideSame ? ' hide-same' : ''}${highlight ? ' highlight-diff' : ''}${pinned ? ' has-pinned' : ''}`;
  return (
    <table className={className} style={{ width: 180 + cars.length * 200 }}>
      <colgroup>
        <col style={{ width: 180 }} />
        {cars.map((c) => (
          <col key={c.id} style={{ width: 200 }} />
        ))}
      </colgroup>
      <CompareHead cars={cars} {...actions} />
      <CompareBody categories={categories} />
    </table>
  );
}

const CompareHead = memo(function CompareHead({ cars, onPin, onMove, onRemove }: Omit<Props, 'categories' | 'hideSame' | 'highlight'>) {
  const first = cars[0]?.pinActive ? 1 : 0;
  return (
    <thead>
      <tr>
        <th className="param-col head-corner">
          <div>参数配置</div>
          <div className="legend">{'● 标配 · ○ 选配 · - 无'}</div>
        </th>
        {cars.map((car, i) => (
          <th key={car.id} className={`car-col${car.pinActive ? ' pinned' : ''}`} data-testid="car-header">
            <div className="carHeaderName" title={car.carHeaderName}>
              {car.carHeaderName}
            </div>
            <div className="car-price">厂商指导价 {formatGuidePrice(car.seriesPrice)}</div>
            <div className="car-actions">
              <Tooltip title={car.pinActive ? '取消固定' : '固定在首列'}>
                <Button
                  size="small"
                  type={car.pinActive ? 'primary' : 'text'}
                  icon={car.pinActive ? <PushpinFilled /> : <PushpinOutlined />}
                  aria-label={car.pinActive ? '取消固定' : '固定'}
                  onClick={() => onPin(car.id)}
                />
              </Tooltip>
              <Tooltip title="左移">
                <Button size="small" type="text" icon={<ArrowLeftOutlined />} aria-label="左移" disabled={i <= first} onClick={() => onMove(car.id, -1)} />
              </Tooltip>
              <Tooltip title="右移">
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowRightOutlined />}
                  aria-label="右移"
                  disabled={car.pinActive || i === cars.length - 1}
                  onClick={() => onMove(car.id, 1)}
                />
              </Tooltip>
              <Tooltip title="删除">
                <Button size="small" type="text" danger icon={<CloseOutlined />} aria-label="删除" onClick={() => onRemove(car.id)} />
              </Tooltip>
            </div>
          </th>
        ))}
      </tr>
    </thead>
  );
});

const CompareBody = memo(function CompareBody({ categories }: { categories: CompareCategory[] }) {
  return (
    <tbody>
      {categories.map((cat) => (
        <CategoryRows key={cat.category} category={cat} />
      ))}
    </tbody>
  );
});

const CategoryRows = memo(function CategoryRows({ category }: { category: CompareCategory }) {
  const span = (category.rows[0]?.values.length ?? 0) + 1;
  return (
    <>
      <tr className={`cat-row${category.allSame ? ' cat-same' : ''}`} data-category={category.category}>
        <th colSpan={span}>
          <span className="cat-title">{category.category}</span>
        </th>
      </tr>
      {category.rows.map((row) => (
        <tr key={row.key} className={row.same ? 'row-same' : 'row-diff'}>
          <th className="param-col" scope="row">
            {row.name}
          </th>
          {row.values.map((v, i) => (
            <td key={i} className={`v-${valueKind(v)}${i === 0 ? ' first-car' : ''}`}>
              {v}
            </td>
          ))}
        </tr>
      ))}
    </>
  );
});
