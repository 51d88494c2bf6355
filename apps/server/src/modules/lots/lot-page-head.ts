import type { AppContext } from '../../context';
import { escapeHtml } from '../../lib/html';
import { lotsRepo } from './lots.repo';

const LOT_PAGE = /^\/carAuction\/carAuctionDetail\/(\d{1,19})\/?$/;

/**
 * The <head> hint of a lot page (docs/decisions/038-the-lot-picture-named-in-the-html.md): the
 * lot's first picture, preloaded with high priority from the HTML itself, so the browser fetches
 * it while the page's code is still on its way instead of after the code asked for the lot. A lot
 * that is not public, an address that is not a lot page, or a failing read give no hint.
 */
export function lotPageHead(ctx: AppContext) {
  const repo = lotsRepo(ctx.dbh.db);
  return async (pathname: string): Promise<string> => {
    const id = LOT_PAGE.exec(pathname)?.[1];
    if (!id) return '';
    try {
      const url = await repo.coverOf(id);
      return url ? `<link rel="preload" as="image" href="${escapeHtml(url)}" fetchpriority="high">` : '';
    } catch (err) {
      ctx.log.warn({ err, pathname }, 'lot page head hint failed');
      return '';
    }
  };
}
