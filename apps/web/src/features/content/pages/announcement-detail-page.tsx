import { Link, useParams } from 'react-router';
import { useBreadcrumbTail } from '../../../lib/breadcrumb-tail';
import { QueryState } from '../../../components/query-state';
import { RichText } from '../../../components/rich-text';
import { useAnnouncement } from '../api/content-queries';

export default function AnnouncementDetailPage() {
  const { id = '' } = useParams();
  const { data, isLoading, error } = useAnnouncement(id);
  useBreadcrumbTail(data ? [{ title: data.title }] : null);
  return (
    <div className="container">
      <article className="panel article">
        <QueryState isLoading={isLoading} error={error}>
          {data ? (
            <>
              <h1 className="article-title">{data.title}</h1>
              <div className="article-meta">
                来源：{data.source} · 发布时间：{data.publishTime.slice(0, 16)}
              </div>
              <RichText html={data.content} />
              <div className="article-nav">
                <div>
                  上一篇：
                  {data.prev ? (
                    <Link to={`/announcement/details/${data.prev.id}`}>{data.prev.title}</Link>
                  ) : (
                    '没有了'
                  )}
                </div>
                <div>
                  下一篇：
                  {data.next ? (
                    <Link to={`/announcement/details/${data.next.id}`}>{data.next.title}</Link>
                  ) : (
                    '没有了'
                  )}
                </div>
              </div>
            </>
          ) : null}
        </QueryState>
      </article>
    </div>
  );
}
