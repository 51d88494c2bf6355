import { useParams } from 'react-router';
import { dateOnly } from '../../../components/date-text';
import { useBreadcrumbTail } from '../../../lib/breadcrumb-tail';
import { SUPPORT_SECTIONS } from '../../../lib/hot-keywords';
import { useSupportArticle } from '../api/content-queries';
import { ArticleView } from '../components/article-view';

export default function SupportDetailPage() {
  const { id = '' } = useParams();
  const query = useSupportArticle(id);
  const { data } = query;
  const section = SUPPORT_SECTIONS.find((s) => s.type === String(data?.type));
  useBreadcrumbTail(
    data && section
      ? [{ title: section.title, to: `/footerSupport/${section.path}` }, { title: data.title }]
      : null,
  );
  return (
    <ArticleView
      query={query}
      meta={(a) => (
        <>
          {section?.title} · 发布时间：{dateOnly(a.publishTime)}
        </>
      )}
    />
  );
}
