import type { Role } from '@chepai/shared';
import type { ComponentType } from 'react';

/**
 * Who may see a route: empty = public. `domesticConsumer` stands for any visitor
 * (docs/product.md#2-roles-and-permissions).
 */
export type Permission = Role | 'domesticConsumer';

export interface RouteMeta {
  title: string;
  permission: Permission[];
  /** Show this route's title in the 当前位置 bar. */
  breadcrumb: boolean;
  /** The page renders without the footer (the comparison portal). */
  hideFooter?: boolean;
  /**
   * The page uses no antd, so no antd scope is loaded for it (docs/decisions/033-a-first-load-without-antd.md).
   * Its own lazily loaded parts may still bring antd with their own scope.
   */
  plain?: boolean;
}

export interface AppRoute {
  path: string;
  meta: RouteMeta;
  /** Route-level code splitting: every page is its own chunk. */
  page?: () => Promise<{ default: ComponentType }>;
  /** The page a seller sees at the same address (pages shared by both roles: docs/product.md#2-roles-and-permissions). */
  sellerPage?: () => Promise<{ default: ComponentType }>;
  /**
   * The request the page makes first, sent by the route preload script from <head>, beside the
   * entry (build/route-preload.ts, docs/decisions/037-plain-auth-forms-and-a-lighter-entry.md):
   * the endpoint's method and path as `url` (route-table.test.ts holds them to the contract), the
   * address parameter that is its JSON body, and where in the answer's `data` the page's largest
   * picture is, to preload it.
   */
  firstRequest?: { method: 'POST'; url: string; param: string; image?: Array<string | number> };
  redirect?: string;
  sellerRedirect?: string;
  index?: boolean;
  children?: AppRoute[];
}

const pub = (title: string, breadcrumb = true): RouteMeta => ({ title, permission: [], breadcrumb });
const only = (title: string, permission: Permission[], breadcrumb = true): RouteMeta => ({
  title,
  permission,
  breadcrumb,
});

/** The one route table: title, permission list and breadcrumb flag per route (docs/product.md#3-routes). */
export const layoutRoutes: AppRoute[] = [
  {
    path: 'home',
    meta: { ...pub('首页', false), plain: true },
    page: () => import('../features/home/pages/home-page'),
  },
  {
    path: 'searchHall',
    meta: { ...pub('搜索结果'), plain: true },
    page: () => import('../features/search/pages/search-hall-page'),
  },
  {
    path: 'foreshowHall',
    meta: { ...pub('预告大厅'), plain: true },
    page: () => import('../features/halls/pages/foreshow-hall-page'),
  },
  {
    path: 'applyHall',
    meta: { ...pub('报名大厅'), plain: true },
    page: () => import('../features/halls/pages/apply-hall-page'),
  },
  {
    path: 'auctionHall',
    meta: { ...pub('竞价大厅'), plain: true },
    page: () => import('../features/halls/pages/auction-hall-page'),
  },
  {
    path: 'resultHall',
    meta: { ...pub('结果公示'), plain: true },
    page: () => import('../features/halls/pages/result-hall-page'),
  },
  {
    path: 'buyerRegistration',
    meta: { ...pub('竞买人注册'), plain: true },
    page: () => import('../features/auth/pages/buyer-registration-page'),
  },
  {
    path: 'findPassword',
    meta: { ...pub('找回密码'), plain: true },
    page: () => import('../features/auth/pages/find-password-page'),
  },
  {
    path: 'carAuction/carAuctionDetail/:orderId',
    meta: { ...pub('车辆详情'), plain: true },
    page: () => import('../features/lot/pages/lot-detail-page'),
    firstRequest: {
      method: 'POST',
      url: '/mall-auction/home/detail/info',
      param: 'orderId',
      image: ['photos', 0, 'url'],
    },
  },
  {
    path: 'promiseMoneyReport/:id?',
    meta: { ...only('保证金报名', ['buyer']), plain: true },
    page: () => import('../features/bidding/pages/promise-money-report-page'),
  },
  {
    path: 'disposeCar',
    meta: { ...only('我要处置', ['seller']), plain: true },
    page: () => import('../features/sellers/pages/dispose-car-page'),
  },
  {
    path: 'orderSuccess',
    meta: { ...only('提交成功', ['seller']), plain: true },
    page: () => import('../features/sellers/pages/order-success-page'),
  },
  {
    path: 'announcement',
    meta: pub('平台公告'),
    children: [
      { path: '', index: true, meta: pub('公告列表', false), redirect: 'list' },
      {
        path: 'list',
        meta: { ...pub('公告列表', false), plain: true },
        page: () => import('../features/content/pages/announcement-list-page'),
      },
      {
        path: 'details/:id',
        meta: { ...pub('公告详情'), plain: true },
        page: () => import('../features/content/pages/announcement-detail-page'),
      },
    ],
  },
  {
    path: 'footerSupport',
    meta: pub('服务支持'),
    page: () => import('../features/content/pages/support-layout-page'),
    children: [
      { path: '', index: true, meta: pub('购车指南'), redirect: 'zhiNan' },
      {
        path: 'zhiNan',
        meta: { ...pub('购车指南'), plain: true },
        page: () => import('../features/content/pages/support-list-page'),
      },
      {
        path: 'bangZhu',
        meta: { ...pub('帮助中心'), plain: true },
        page: () => import('../features/content/pages/support-list-page'),
      },
      {
        path: 'woMen',
        meta: { ...pub('关于我们'), plain: true },
        page: () => import('../features/content/pages/support-list-page'),
      },
    ],
  },
  {
    path: 'supportDetail/:id',
    meta: { ...pub('文章详情'), plain: true },
    page: () => import('../features/content/pages/support-detail-page'),
  },
  {
    path: 'detailInfo/:orderId',
    meta: { ...only('订单详情', ['seller']), plain: true },
    page: () => import('../features/sellers/pages/order-detail-page'),
  },
  {
    path: 'buyerDetailInfo/:orderId',
    meta: { ...only('成交订单详情', ['buyer']), plain: true },
    page: () => import('../features/orders/pages/buyer-detail-info-page'),
  },
  {
    path: 'carCompare',
    meta: { ...pub('车型对比'), hideFooter: true, plain: true },
    page: () => import('../features/compare/pages/car-compare-page'),
  },
  {
    path: 'carCalculator',
    meta: { ...pub('购车计算器'), plain: true },
    page: () => import('../features/calculator/pages/car-calculator-page'),
  },
  {
    path: 'personalCenter',
    meta: only('个人中心', ['buyer', 'seller']),
    page: () => import('../features/personal-center/pages/personal-center-layout'),
    children: [
      {
        path: '',
        index: true,
        meta: only('个人信息', ['buyer', 'seller'], false),
        redirect: 'personalInformation',
        sellerRedirect: 'auctionOrder',
      },
      {
        path: 'auctionOrder',
        meta: { ...only('拍卖订单', ['seller']), plain: true },
        page: () => import('../features/sellers/pages/auction-order-page'),
      },
      {
        path: 'payoutStatement',
        meta: only('结算对账单', ['seller']),
        page: () => import('../features/sellers/pages/payout-statement-page'),
      },
      {
        path: 'collectionInformation',
        meta: { ...only('收款信息', ['seller']), plain: true },
        page: () => import('../features/sellers/pages/collection-information-page'),
      },
      {
        path: 'dealCar',
        meta: { ...only('我的成交车辆', ['buyer']), plain: true },
        page: () => import('../features/orders/pages/deal-car-page'),
      },
      {
        path: 'priceRecord',
        meta: { ...only('出价记录', ['buyer']), plain: true },
        page: () => import('../features/orders/pages/price-record-page'),
      },
      {
        path: 'messages',
        meta: { ...only('站内信', ['buyer', 'seller']), plain: true },
        page: () => import('../features/personal-center/pages/messages-page'),
      },
      {
        path: 'watchlist',
        meta: { ...only('我的关注', ['buyer']), plain: true },
        page: () => import('../features/personal-center/pages/watchlist-page'),
      },
      {
        path: 'noticeSettings',
        meta: { ...only('消息设置', ['buyer', 'seller']), plain: true },
        page: () => import('../features/personal-center/pages/notice-settings-page'),
      },
      {
        path: 'personalInformation',
        meta: { ...only('个人信息', ['buyer', 'seller']), plain: true },
        page: () => import('../features/personal-center/pages/personal-information-page'),
        sellerPage: () => import('../features/sellers/pages/seller-information-page'),
      },
      {
        path: 'securitySettings',
        meta: { ...only('安全设置', ['buyer', 'seller']), plain: true },
        page: () => import('../features/personal-center/pages/security-settings-page'),
        sellerPage: () => import('../features/sellers/pages/seller-security-page'),
      },
      {
        path: 'invoiceInformation',
        meta: { ...only('发票信息', ['buyer', 'seller']), plain: true },
        page: () => import('../features/personal-center/pages/invoice-information-page'),
        sellerPage: () => import('../features/sellers/pages/seller-invoice-page'),
      },
    ],
  },
];

/** Routes outside the layout. */
export const bareRoutes: AppRoute[] = [
  {
    path: 'login',
    meta: { ...pub('登录', false), plain: true },
    page: () => import('../features/auth/pages/login-page'),
  },
  {
    path: '404',
    meta: { ...pub('页面不存在', false), plain: true },
    page: () => import('../features/content/pages/not-found-page'),
  },
  {
    path: 'tokenExpiration',
    meta: { ...pub('登录已失效', false), plain: true },
    page: () => import('../features/auth/pages/token-expiration-page'),
  },
  {
    path: 'redirect/*',
    meta: { ...pub('跳转中', false), plain: true },
    page: () => import('./redirect-page'),
  },
];
