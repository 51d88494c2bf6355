import { z, type ZodError } from 'zod';

const zhCN = z.locales.zhCN();

/** The zh-CN default text of an issue, to tell it apart from a message written for the field. */
function defaultMessage(issue: ZodError['issues'][number]): string | undefined {
  try {
    const out = zhCN.localeError(issue as never);
    return typeof out === 'string' ? out : out?.message;
  } catch {
    return undefined;
  }
}

/** First issue as one Chinese sentence; generic messages name the field, written ones stand alone. */
export function zodMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return '请求参数不正确';
  const field = issue.path.filter((p) => typeof p === 'string' || typeof p === 'number').join('.');
  const chinese = /[\u4e00-\u9fa5]/.test(issue.message) ? issue.message : '格式不正确';
  const isDefault = issue.message === defaultMessage(issue) || chinese !== issue.message;
  return field && isDefault ? `参数 ${field}：${chinese}` : chinese;
}
