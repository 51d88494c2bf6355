import { Empty, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../lib/request';

/** Loading, not-found and failure states shared by detail pages. */
export function QueryState({
  isLoading,
  error,
  children,
}: {
  isLoading: boolean;
  error: unknown;
  children: ReactNode;
}) {
  if (isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (error instanceof ApiError && error.code === 404) {
    return (
      <Result
        status="404"
        title="内容不存在"
        subTitle={error.message}
        extra={<Link to="/home">返回首页</Link>}
      />
    );
  }
  if (error) return <Empty description="加载失败，请稍后重试" />;
  return <>{children}</>;
}
