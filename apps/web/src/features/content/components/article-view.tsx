import type { ReactNode } from 'react';
import { QueryState } from '../../../components/query-state';
import { RichText } from '../../../components/rich-text';

interface Article {
  title: string;
  content: string;
}

/** The page around one published article (an announcement, a support article). */
export function ArticleView<T extends Article>({
  query: { data: article, isLoading, error },
  meta,
  footer,
}: {
  /** The article's query, as TanStack Query returns it. */
  query: { data: T | undefined; isLoading: boolean; error: unknown };
  /** The line under the title: source, section, publish time. */
  meta: (article: T) => ReactNode;
  footer?: (article: T) => ReactNode;
}) {
  return (
    <div className="container">
      <article className="panel article">
        <QueryState isLoading={isLoading} error={error}>
          {article ? (
            <>
              <h1 className="article-title">{article.title}</h1>
              <div className="article-meta">{meta(article)}</div>
              <RichText html={article.content} />
              {footer?.(article)}
            </>
          ) : null}
        </QueryState>
      </article>
    </div>
  );
}
