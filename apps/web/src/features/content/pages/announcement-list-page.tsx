import { NotificationOutlined } from '@ant-design/icons';
import { List, Pagination, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { dateOnly } from '../../../components/date-text';
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
        <List
          loading={isLoading}
          className="announcement-list"
          dataSource={data?.list ?? []}
          locale={{ emptyText: '暂无公告' }}
          renderItem={(a) => (
            <List.Item extra={<span className="muted">{dateOnly(a.publishTime)}</span>}>
              <List.Item.Meta
                title={
                  <Link to={`/announcement/details/${a.id}`}>
                    {a.pinned ? <Tag color="red">置顶</Tag> : null}
                    {a.title}
                  </Link>
                }
                description={a.summary}
              />
            </List.Item>
          )}
        />
        {data && data.total > PAGE_SIZE ? (
          <Pagination
            className="pager"
            current={pageNum}
            pageSize={PAGE_SIZE}
            total={data.total}
            showSizeChanger={false}
            onChange={(p) => setParams({ pageNum: String(p) })}
          />
        ) : null}
      </div>
    </div>
  );
}
