import { consoleContent } from '@chepai/shared';
import { Alert, Empty, Spin } from 'antd';
import { consoleCall } from '../console-api';
import { useLoad } from '../use-load';

/**
 * The body as the mall will show it: the server's sanitized HTML (what it stores), drawn with the
 * mall's article styles. Anything the server drops is gone here too.
 */
export function BodyPreview({ title, meta, content }: { title: string; meta: string; content: string }) {
  const { data, error, loading } = useLoad(
    () => consoleCall(consoleContent.previewBody, { content }),
    [content],
  );
  if (error) return <Alert type="error" showIcon message={error} />;
  if (loading || !data) return <Spin />;
  return (
    <article className="console-preview" aria-label="发布效果预览">
      <h2 className="console-preview-title">{title || '（未填写标题）'}</h2>
      <div className="console-preview-meta">{meta}</div>
      {data.empty ? (
        <Empty description="正文为空：保存时会被拒绝" />
      ) : (
        // The server's sanitized output (consoleContent.previewBody), as the mall renders it.
        <div className="rich-text" dangerouslySetInnerHTML={{ __html: data.html }} />
      )}
    </article>
  );
}
