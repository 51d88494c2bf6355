import { AsideLayout } from '../../../components/aside-layout';
import { useSession } from '../../../lib/use-session';
import '../personal-center.css';

/** A key is a page under /personalCenter, unless the item names its own address. */
const BUYER_MENU: Array<{ key: string; label: string; to?: string }> = [
  { key: 'dealCar', label: '我的成交车辆' },
  { key: 'priceRecord', label: '出价记录' },
  { key: 'watchlist', label: '我的关注' },
  // Without an id the deposit page lists every deposit of the buyer.
  { key: 'promiseMoneyReport', label: '我的保证金', to: '/promiseMoneyReport' },
];
const SELLER_MENU = [
  { key: 'auctionOrder', label: '拍卖订单' },
  { key: 'payoutStatement', label: '结算对账单' },
];
const SELLER_TAIL = [{ key: 'collectionInformation', label: '收款信息' }];
const COMMON_MENU = [
  { key: 'messages', label: '站内信' },
  { key: 'noticeSettings', label: '消息设置' },
  { key: 'personalInformation', label: '个人信息' },
  { key: 'securitySettings', label: '安全设置' },
  { key: 'invoiceInformation', label: '发票信息' },
];

/** 个人中心: a left menu by role, the chosen page on the right. */
export default function PersonalCenterLayout() {
  const user = useSession();
  const seller = user?.role === 'seller';
  const items = seller
    ? [...SELLER_MENU, ...COMMON_MENU, ...SELLER_TAIL]
    : [...(user?.role === 'buyer' ? BUYER_MENU : []), ...COMMON_MENU];
  return <AsideLayout title="个人中心" base="/personalCenter" items={items} fallback="personalInformation" />;
}
