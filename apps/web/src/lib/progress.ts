import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

/** Exactly these settings (docs/product.md#13-business-constants). */
NProgress.configure({
  minimum: 0.08,
  speed: 200,
  trickleRate: 0.02,
  trickleSpeed: 800,
  showSpinner: false,
  // NProgress's own template marks the bar role="bar", which is no ARIA role (axe: aria-roles);
  // the bar is decoration beside the page's own loading states, so assistive technology skips it.
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  barSelector: '.bar',
} as Partial<NProgress.NProgressOptions>);

export const progress = {
  start: () => NProgress.start(),
  done: () => NProgress.done(),
};
