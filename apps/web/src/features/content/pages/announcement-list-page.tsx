import { NotificationOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { dateOnly } from '../../../components/date-text';
import { Empty } from '../../../components/plain/empty';
import { Pager } from '../../../components/plain/pager';
import { Skeleton } from '../../../components/plain/skeleton';
import { useAnnouncements } from '../../../api/content-queries';

const PAGE_SIZE = 10;

export default function AnnouncementListPage() {
  const [params, setParams] = useSearchParams();
  const pageNum = Math.max(1, Number(params.get('pageNum')) || 1);
  const { data, isLoading } = useAnnouncements(pageNum, PAGE_SIZE);
  return (
    <div className="container">
      <div className="panel">
        <h1 className="panel-title">
          <NotificationOutlined /> 平台公告
        </h1>
        {isLoading ? (
          <Skeleton rows={8} />
        ) : data?.list.length ? (
          <ul className="announcement-list plain-list">
            {data.list.map((a) => (
              <li key={a.id}>
                <div className="plain-list-main">
                  <Link to={`/announcement/details/${a.id}`}>
                    {a.pinned ? <span className="tag tag-red">置顶</span> : null}
                    {a.title}
                  </Link>
                  <p className="muted">{a.summary}</p>
                </div>
                <span className="muted">{dateOnly(a.publishTime)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <Empty description="暂无公告" />
        )}
        {data ? (
          <Pager
            current={pageNum}
            pageSize={PAGE_SIZE}
            total={data.total}
            onChange={(p) => setParams({ pageNum: String(p) })}
            hideOnSinglePage
            end
          />
        ) : null}
      </div>
    </div>
  );
}
