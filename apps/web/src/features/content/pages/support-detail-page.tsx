import { useParams } from 'react-router';
import { useBreadcrumbTail } from '../../../lib/breadcrumb-tail';
import { dateOnly } from '../../../components/date-text';
import { QueryState } from '../../../components/query-state';
import { RichText } from '../../../components/rich-text';
import { useSupportArticle } from '../api/content-queries';
import { SUPPORT_SECTIONS } from '../../../lib/hot-keywords';

export default function SupportDetailPage() {
  const { id = '' } = useParams();
  const { data, isLoading, error } = useSupportArticle(id);
  const section = SUPPORT_SECTIONS.find((s) => s.type === String(data?.type));
  useBreadcrumbTail(
    data && section
      ? [{ title: section.title, to: `/footerSupport/${section.path}` }, { title: data.title }]
      : null,
  );
  return (
    <div className="container">
      <article className="panel article">
        <QueryState isLoading={isLoading} error={error}>
          {data ? (
            <>
              <h1 className="article-title">{data.title}</h1>
              <div className="article-meta">
                {section?.title} · 发布时间：{dateOnly(data.publishTime)}
              </div>
              <RichText html={data.content} />
            </>
          ) : null}
        </QueryState>
      </article>
    </div>
  );
}
