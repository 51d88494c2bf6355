import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../lib/request';
import { Empty } from './plain/empty';
import { Skeleton } from './plain/skeleton';

/**
 * Loading, not-found and failure states shared by detail pages; plain elements, so that a page
 * without antd can use them (docs/decisions/034-every-public-page-under-its-ceiling.md).
 */
export function QueryState({
  isLoading,
  error,
  children,
}: {
  isLoading: boolean;
  error: unknown;
  children: ReactNode;
}) {
  if (isLoading) return <Skeleton rows={8} />;
  if (error instanceof ApiError && error.code === 404) {
    return <NotFound title="内容不存在" message={error.message} back={{ to: '/home', text: '返回首页' }} />;
  }
  if (error) return <Empty description="加载失败，请稍后重试" />;
  return <>{children}</>;
}

/** A 404 in place of what was asked for: what is missing, why, and the way back. */
export function NotFound({
  title,
  message,
  back,
}: {
  title: string;
  message: string;
  back: { to: string; text: string };
}) {
  return (
    <div className="plain-result" role="status">
      <p className="plain-result-code" aria-hidden="true">
        404
      </p>
      <h1 className="plain-result-title">{title}</h1>
      <p className="muted">{message}</p>
      <Link className="btn btn-primary" to={back.to}>
        {back.text}
      </Link>
    </div>
  );
}
