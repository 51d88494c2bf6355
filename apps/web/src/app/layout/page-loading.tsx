/** Stands in for a page while its chunk loads: no antd, and it holds the main area's height. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-label="加载中">
      <span className="page-loading-dot" />
    </div>
  );
}
