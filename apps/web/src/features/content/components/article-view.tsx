import type { ReactNode } from 'react';
import { QueryState } from '../../../components/query-state';
import { RichText } from '../../../components/rich-text';

interface Article {
  title: string;
  content: string;
}

/** The page around one published article (an announcement, a support article). */
export function ArticleView<T extends Article>({
  isLoading,
  error,
  article,
  meta,
  footer,
}: {
  isLoading: boolean;
  error: unknown;
  article: T | undefined;
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
