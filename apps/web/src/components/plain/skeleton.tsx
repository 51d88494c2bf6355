/** Grey lines standing in for text while it loads (antd's Skeleton, without antd). */
export function Skeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="plain-skeleton" role="status" aria-busy="true" aria-label="加载中">
      <span className="plain-skeleton-title" />
      {Array.from({ length: rows }, (_, i) => (
        <span key={i} className={i === rows - 1 ? 'last' : undefined} />
      ))}
    </div>
  );
}
