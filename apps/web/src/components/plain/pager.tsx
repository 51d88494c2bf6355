/** The page numbers to show: the first, the last, two either side of the current, gaps as null. */
export function pagerItems(current: number, pages: number): Array<number | null> {
  const items: Array<number | null> = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - current) <= 2) items.push(p);
    else if (items.at(-1) !== null) items.push(null);
  }
  return items;
}

interface Props {
  current: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  /** Text after the pages, e.g. `共 12 辆`. */
  totalText?: (total: number) => string;
  /** Nothing at all while everything fits one page (antd's `hideOnSinglePage`). */
  hideOnSinglePage?: boolean;
  /** Under a list, at the end of its line (where antd's Table and List put their pagination). */
  end?: boolean;
}

/**
 * A pager drawn like antd's Pagination, without antd (docs/decisions/034-every-public-page-under-its-ceiling.md):
 * previous / next, the page numbers with gaps, the current one marked `aria-current`.
 */
export function Pager({ current, pageSize, total, onChange, totalText, hideOnSinglePage, end }: Props) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (hideOnSinglePage && pages === 1) return null;
  return (
    <nav className={end ? 'plain-pager end' : 'plain-pager'} aria-label="分页">
      {totalText && <span className="plain-pager-total">{totalText(total)}</span>}
      <button
        type="button"
        className="plain-pager-item"
        aria-label="上一页"
        disabled={current <= 1}
        onClick={() => onChange(current - 1)}
      >
        ‹
      </button>
      {pagerItems(current, pages).map((p, i) =>
        p === null ? (
          <span key={`gap${i}`} className="plain-pager-gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={p}
            type="button"
            className={`plain-pager-item${p === current ? ' current' : ''}`}
            aria-current={p === current ? 'page' : undefined}
            aria-label={`第 ${p} 页`}
            onClick={() => p !== current && onChange(p)}
          >
            {p}
          </button>
        ),
      )}
      <button
        type="button"
        className="plain-pager-item"
        aria-label="下一页"
        disabled={current >= pages}
        onClick={() => onChange(current + 1)}
      >
        ›
      </button>
    </nav>
  );
}
