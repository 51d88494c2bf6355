import { lots } from '@chepai/shared';
import type { HallName } from '@chepai/shared/contracts/lots';
import { Link } from 'react-router';
import { useLotSearch } from '../../../api/lot-search-queries';
import { LotCard } from '../../../components/lots/lot-card';

/** A hall on the home page: its count, four lots and a link to the whole hall. */
export function HallSection({ hall, count }: { hall: HallName; count: number | undefined }) {
  const def = lots.HALLS[hall];
  const { data, isLoading } = useLotSearch(
    { statusList: [...def.statuses], sort: hall === 'resultHall' ? 'endedRecently' : 'endingSoon' },
    1,
    4,
  );
  return (
    <section className="home-hall" aria-label={def.title} data-hall={hall}>
      <h2 className="panel-title">
        {def.title}
        <span className="hall-count">{count ?? data?.total ?? 0} 辆</span>
        <Link to={`/${hall}`} className="more">
          更多 &gt;
        </Link>
      </h2>
      {isLoading ? (
        // Four empty cards of the final size, so nothing below moves when the lots arrive.
        <div className="lot-grid" aria-busy="true" aria-label="加载中">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="lot-card lot-card-placeholder" />
          ))}
        </div>
      ) : data?.list.length ? (
        <div className="lot-grid">
          {data.list.map((lot) => (
            <LotCard key={lot.orderId} lot={lot} />
          ))}
        </div>
      ) : (
        <p className="empty-text">暂无车辆</p>
      )}
    </section>
  );
}
