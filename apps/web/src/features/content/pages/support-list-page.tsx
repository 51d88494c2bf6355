import { RightOutlined } from '@ant-design/icons';
import { Empty, List, Skeleton } from 'antd';
import { Link, useLocation } from 'react-router';
import { dateOnly } from '../../../components/date-text';
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
        <Skeleton active />
      ) : items.length ? (
        <List
          className="article-list"
          dataSource={items}
          renderItem={(a) => (
            <List.Item extra={<span className="muted">{dateOnly(a.publishTime)}</span>}>
              <Link to={`/supportDetail/${a.id}`}>
                <RightOutlined className="list-bullet" />
                {a.title}
              </Link>
            </List.Item>
          )}
        />
      ) : (
        <Empty description="暂无文章" />
      )}
    </div>
  );
}
