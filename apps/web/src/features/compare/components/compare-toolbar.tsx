import { PrinterOutlined, ShareAltOutlined } from '@ant-design/icons';
import { memo } from 'react';
import { useFeedback } from '../../../components/feedback';
import type { CompareCar } from '../utils/compare-list';
import { CompareCarSelect } from './compare-car-select';

interface Props {
  count: number;
  takenIds: ReadonlySet<string>;
  onAdd: (car: CompareCar) => boolean;
  areaHeight: number;
  hideSame: boolean;
  onHideSame: (on: boolean) => void;
  highlight: boolean;
  onHighlight: (on: boolean) => void;
  onShare: () => void;
  onClear: () => void;
}

/**
 * Title, car select, the two toggles and share / print / clear, in plain elements (the page loads no
 * antd: docs/decisions/034-every-public-page-under-its-ceiling.md). Memoised: arriving
 * configurations re-render only the table area.
 */
export const CompareToolbar = memo(function CompareToolbar(props: Props) {
  const { modal } = useFeedback();
  const empty = props.count === 0;
  const few = props.count < 2;
  return (
    <div className="compare-toolbar">
      <h1>车型对比</h1>
      <CompareCarSelect
        count={props.count}
        takenIds={props.takenIds}
        onAdd={props.onAdd}
        areaHeight={props.areaHeight}
      />
      <div className="compare-switches">
        <label className={few ? 'disabled' : undefined}>
          <input
            type="checkbox"
            checked={props.hideSame}
            onChange={(e) => props.onHideSame(e.target.checked)}
            disabled={few}
          />
          隐藏相同项
        </label>
        <label className={few ? 'disabled' : undefined}>
          <input
            type="checkbox"
            checked={props.highlight}
            onChange={(e) => props.onHighlight(e.target.checked)}
            disabled={few}
          />
          高亮不同项
        </label>
      </div>
      <div className="compare-actions">
        <button type="button" className="btn" disabled={empty} onClick={props.onShare}>
          <ShareAltOutlined />
          分享对比
        </button>
        <button type="button" className="btn" disabled={empty} onClick={() => window.print()}>
          <PrinterOutlined />
          打印
        </button>
        <button
          type="button"
          className="btn btn-danger"
          disabled={empty}
          onClick={() =>
            modal.confirm({
              title: '确定清空全部对比车型吗？',
              okText: '清空',
              okButtonProps: { danger: true },
              cancelText: '取消',
              onOk: props.onClear,
            })
          }
        >
          清空
        </button>
      </div>
    </div>
  );
});
