import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

/** Exactly these settings (docs/product.md#13-business-constants). */
NProgress.configure({
  minimum: 0.08,
  speed: 200,
  trickleRate: 0.02,
  trickleSpeed: 800,
  showSpinner: false,
} as Partial<NProgress.NProgressOptions>);

export const progress = {
  start: () => NProgress.start(),
  done: () => NProgress.done(),
};
