import {
  BarChartOutlined,
  FireOutlined,
  NotificationOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { lots } from '@chepai/shared';
import type { HallName } from '@chepai/shared/contracts/lots';
import { Link } from 'react-router';
import { dateOnly } from '../../../components/date-text';
import { useHallCounts } from '../../../api/lot-search-queries';
import { useAnnouncements, useHotKeywords, useSupportList } from '../../../api/content-queries';
import { visibleHotKeywords } from '../../../lib/hot-keywords';
import { HallSection } from '../components/hall-section';
import { HomeBanner } from '../components/home-banner';
import { StatChart } from '../components/stat-chart';
import '../home.css';

const HALL_ORDER: HallName[] = ['auctionHall', 'applyHall', 'foreshowHall', 'resultHall'];

const STEPS = ['注册实名', '缴纳保证金', '在线竞价', '成交付款', '签约提车'];

export default function HomePage() {
  const { data: notices } = useAnnouncements(1, 6);
  const { data: support } = useSupportList();
  const { data: counts } = useHallCounts();
  const { data: hot } = useHotKeywords();
  return (
    <div className="home">
      <h1 className="sr-only">车拍商城 · 机动车网络竞价平台</h1>
      <HomeBanner />
      <div className="container home-grid">
        <section className="panel home-steps" aria-label="竞拍流程">
          <h2 className="panel-title">
            <ThunderboltOutlined /> 竞拍流程
          </h2>
          <ol className="steps">
            {STEPS.map((s, i) => (
              <li key={s}>
                <span className="step-no">{i + 1}</span>
                {s}
              </li>
            ))}
          </ol>
          <p className="muted">
            <SafetyCertificateOutlined /> 保证金由平台监管，未成交全额退还；最后 5
            分钟出价自动延时，杜绝“秒杀”。
          </p>
        </section>
        <section className="panel home-notices" aria-label="平台公告">
          <h2 className="panel-title">
            <NotificationOutlined /> 平台公告{' '}
            <Link to="/announcement/list" className="more">
              更多 &gt;
            </Link>
          </h2>
          <ul className="link-list">
            {(notices?.list ?? []).map((n) => (
              <li key={n.id}>
                <Link to={`/announcement/details/${n.id}`}>
                  {n.pinned ? <span className="tag tag-red">置顶</span> : null}
                  {n.title}
                </Link>
                <span className="muted">{dateOnly(n.publishTime)}</span>
              </li>
            ))}
          </ul>
        </section>
        <section className="panel home-guide" aria-label="购车指南">
          <h2 className="panel-title">
            <ReadOutlined /> 购车指南{' '}
            <Link to="/footerSupport/zhiNan" className="more">
              更多 &gt;
            </Link>
          </h2>
          <ul className="link-list">
            {(support?.['1'] ?? []).slice(0, 6).map((a) => (
              <li key={a.id}>
                <Link to={`/supportDetail/${a.id}`}>{a.title}</Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="container home-stats">
        <section className="panel" aria-label="成交统计">
          <h2 className="panel-title">
            <BarChartOutlined /> 近30天成交统计
          </h2>
          <StatChart />
        </section>
        <section className="panel" aria-label="拍卖大厅">
          <h2 className="panel-title">
            <FireOutlined /> 拍卖大厅
          </h2>
          <div className="hall-tiles">
            {HALL_ORDER.map((h) => (
              <Link key={h} to={`/${h}`} className="hall-tile">
                <span>{lots.HALLS[h].title}</span>
                <strong>{counts?.halls[h] ?? '—'}</strong>
                <span className="muted">辆车</span>
              </Link>
            ))}
          </div>
          <div className="hot-words" aria-label="热门搜索">
            <span className="muted">热门搜索：</span>
            {visibleHotKeywords(hot?.list ?? []).map((k) => (
              <Link key={k.id} to={`/searchHall?keyword=${encodeURIComponent(k.wordName)}`}>
                <span className="tag tag-volcano">{k.wordName}</span>
              </Link>
            ))}
          </div>
        </section>
      </div>
      <div className="container home-halls">
        {HALL_ORDER.map((h) => (
          <HallSection key={h} hall={h} count={counts?.halls[h]} />
        ))}
      </div>
    </div>
  );
}
