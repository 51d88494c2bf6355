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
    return (
      <div className="plain-result" role="status">
        <p className="plain-result-code" aria-hidden="true">
          404
        </p>
        <p className="plain-result-title">内容不存在</p>
        <p className="muted">{error.message}</p>
        <Link className="btn btn-primary" to="/home">
          返回首页
        </Link>
      </div>
    );
  }
  if (error) return <Empty description="加载失败，请稍后重试" />;
  return <>{children}</>;
}
