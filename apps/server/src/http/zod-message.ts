import type { ZodError } from 'zod';

/** First issue as one Chinese sentence, naming the field. */
export function zodMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return '请求参数不正确';
  const field = issue.path.filter((p) => typeof p === 'string' || typeof p === 'number').join('.');
  const custom = /[\u4e00-\u9fa5]/.test(issue.message) ? issue.message : '格式不正确';
  // Messages written for a field already name it or address the user (请…); the zh-CN defaults do not.
  const written = issue.code === 'custom' || custom.includes(field) || custom.startsWith('请');
  return field && !written ? `参数 ${field}：${custom}` : custom;
}
