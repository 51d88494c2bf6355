import { lots } from '@chepai/shared';
import type { HallName } from '@chepai/shared/contracts/lots';
import { Link } from 'react-router';
import { LotBrowser } from '../../../components/lots/lot-browser';
import { useHallCounts } from '../../../api/lot-search-queries';

const HINTS: Record<HallName, string> = {
  foreshowHall: '即将开放报名的车辆，可提前查看车况、预约看车',
  applyHall: '正在接受保证金报名，报名成功后方可参与竞价',
  auctionHall: '正在竞价的车辆，最后5分钟内有人出价将自动延时',
  resultHall: '已结束的竞价结果公示，成交价格公开透明',
};
const ORDER: HallName[] = ['foreshowHall', 'applyHall', 'auctionHall', 'resultHall'];

/** One hall: its statuses only, with the counts of all four halls to switch between. */
export function HallView({ hall }: { hall: HallName }) {
  const { data } = useHallCounts();
  const def = lots.HALLS[hall];
  return (
    <div className="container hall">
      <div className="hall-head">
        <h1>{def.title}</h1>
        <span className="muted">{HINTS[hall]}</span>
        <span style={{ marginLeft: 'auto', display: 'flex', gap: 16 }}>
          {ORDER.filter((h) => h !== hall).map((h) => (
            <Link key={h} to={`/${h}`}>
              {lots.HALLS[h].title}
              {data ? `（${data.halls[h]}）` : ''}
            </Link>
          ))}
        </span>
      </div>
      <LotBrowser
        statuses={[...def.statuses]}
        defaultSort={hall === 'resultHall' ? 'endedRecently' : 'endingSoon'}
      />
    </div>
  );
}
