import { RightOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import { dateOnly } from '../../../components/date-text';
import { Empty } from '../../../components/plain/empty';
import { Skeleton } from '../../../components/plain/skeleton';
import { useSupportList } from '../../../api/content-queries';
import { SUPPORT_SECTIONS } from '../../../lib/hot-keywords';

export default function SupportListPage() {
  const { pathname } = useLocation();
  const section = SUPPORT_SECTIONS.find((s) => pathname.endsWith(`/${s.path}`)) ?? SUPPORT_SECTIONS[0];
  const { data, isLoading } = useSupportList();
  const items = data?.[section.type] ?? [];
  return (
    <div className="panel">
      <h1 className="panel-title">{section.title}</h1>
      {isLoading ? (
        <Skeleton />
      ) : items.length ? (
        <ul className="article-list plain-list">
          {items.map((a) => (
            <li key={a.id}>
              <Link to={`/supportDetail/${a.id}`}>
                <RightOutlined className="list-bullet" />
                {a.title}
              </Link>
              <span className="muted">{dateOnly(a.publishTime)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <Empty description="暂无文章" />
      )}
    </div>
  );
}
