/** A page asked for by a list endpoint (`pageQuery` in the shared contracts). */
export interface Paging {
  pageNum: number;
  pageSize: number;
}

/** How many rows come before the page. */
export const pageOffset = (p: Paging) => (p.pageNum - 1) * p.pageSize;

/** The answer of a list endpoint: the page asked for, the total and the page's rows. */
export function pageOf<T>(p: Paging, total: number, list: T[]) {
  return { total, pageNum: p.pageNum, pageSize: p.pageSize, list };
}
