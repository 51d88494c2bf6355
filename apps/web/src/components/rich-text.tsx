/** Server-sanitized rich text (articles, announcements). The server is the sanitizer of record. */
export function RichText({ html }: { html: string }) {
  return <div className="rich-text" dangerouslySetInnerHTML={{ __html: html }} />;
}
