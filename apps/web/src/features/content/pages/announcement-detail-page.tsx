import { Link, useParams } from 'react-router';
import { useBreadcrumbTail } from '../../../lib/breadcrumb-tail';
import { useAnnouncement } from '../api/content-queries';
import { ArticleView } from '../components/article-view';

export default function AnnouncementDetailPage() {
  const { id = '' } = useParams();
  const query = useAnnouncement(id);
  const { data } = query;
  useBreadcrumbTail(data ? [{ title: data.title }] : null);
  return (
    <ArticleView
      query={query}
      meta={(a) => (
        <>
          来源：{a.source} · 发布时间：{a.publishTime.slice(0, 16)}
        </>
      )}
      footer={(a) => (
        <div className="article-nav">
          <div>
            上一篇：
            {a.prev ? <Link to={`/announcement/details/${a.prev.id}`}>{a.prev.title}</Link> : '没有了'}
          </div>
          <div>
            下一篇：
            {a.next ? <Link to={`/announcement/details/${a.next.id}`}>{a.next.title}</Link> : '没有了'}
          </div>
        </div>
      )}
    />
  );
}
