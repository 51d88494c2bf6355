import { Empty } from 'antd';
import { useLocation } from 'react-router';
import '../personal-center.css';

const TEXT: Record<string, { title: string; empty: string }> = {
  dealCar: { title: '我的成交车辆', empty: '暂无记录：您还没有竞得的车辆' },
  priceRecord: { title: '出价记录', empty: '暂无记录：您还没有出过价' },
};

/** Won vehicles and bid records: no auction has run for this account yet, so the list is honestly empty. */
export default function NoRecordsPage() {
  const { pathname } = useLocation();
  const page = TEXT[pathname.split('/').pop() ?? ''] ?? { title: '记录', empty: '暂无记录' };
  return (
    <div className="center-body">
      <div className="center-title">{page.title}</div>
      <Empty description={page.empty} style={{ marginTop: 80 }} />
    </div>
  );
}
