import { PrinterOutlined, ShareAltOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popconfirm, Space } from 'antd';
import { memo } from 'react';
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
 * Title, car select, the two toggles and share / print / clear. Memoised: arriving configurations
 * re-render only the table area, not these antd controls.
 */
export const CompareToolbar = memo(function CompareToolbar(props: Props) {
  const empty = props.count === 0;
  return (
    <div className="compare-toolbar">
      <h1>车型对比</h1>
      <CompareCarSelect
        count={props.count}
        takenIds={props.takenIds}
        onAdd={props.onAdd}
        areaHeight={props.areaHeight}
      />
      <Space size={16} className="compare-switches">
        <Checkbox
          checked={props.hideSame}
          onChange={(e) => props.onHideSame(e.target.checked)}
          disabled={props.count < 2}
        >
          隐藏相同项
        </Checkbox>
        <Checkbox
          checked={props.highlight}
          onChange={(e) => props.onHighlight(e.target.checked)}
          disabled={props.count < 2}
        >
          高亮不同项
        </Checkbox>
      </Space>
      <Space className="compare-actions">
        <Button icon={<ShareAltOutlined />} disabled={empty} onClick={props.onShare}>
          分享对比
        </Button>
        <Button icon={<PrinterOutlined />} disabled={empty} onClick={() => window.print()}>
          打印
        </Button>
        <Popconfirm
          title="确定清空全部对比车型吗？"
          okText="清空"
          cancelText="取消"
          onConfirm={props.onClear}
          disabled={empty}
        >
          <Button danger disabled={empty}>
            清空
          </Button>
        </Popconfirm>
      </Space>
    </div>
  );
});
