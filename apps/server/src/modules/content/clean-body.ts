import { badRequest } from '../../http/errors';
import { richTextIsBlank, sanitizeRichText } from '../../lib/sanitize';

/** A body as it is stored and shown: sanitized; how the console's preview shows it too. */
export function previewBody(html: string) {
  const clean = sanitizeRichText(html);
  return { html: clean, empty: richTextIsBlank(clean) };
}

/** The body to store: sanitized, and refused when nothing readable is left. */
export function cleanBody(html: string): string {
  const { html: clean, empty } = previewBody(html);
  if (empty) throw badRequest('请填写正文（正文去除不安全的内容后为空）');
  return clean;
}
