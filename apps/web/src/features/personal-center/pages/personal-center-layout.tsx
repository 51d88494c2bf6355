import { Menu } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../../lib/use-session';
import '../personal-center.css';

const BUYER_MENU = [
  { key: 'dealCar', label: '我的成交车辆' },
  { key: 'priceRecord', label: '出价记录' },
];
const SELLER_MENU = [{ key: 'auctionOrder', label: '拍卖订单' }];
const SELLER_TAIL = [{ key: 'collectionInformation', label: '收款信息' }];
const COMMON_MENU = [
  { key: 'personalInformation', label: '个人信息' },
  { key: 'securitySettings', label: '安全设置' },
  { key: 'invoiceInformation', label: '发票信息' },
];

/** 个人中心: a left menu by role, the chosen page on the right. */
export default function PersonalCenterLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = useSession();
  const seller = user?.role === 'seller';
  const items = seller
    ? [...SELLER_MENU, ...COMMON_MENU, ...SELLER_TAIL]
    : [...(user?.role === 'buyer' ? BUYER_MENU : []), ...COMMON_MENU];
  const current = items.find((i) => pathname.endsWith(`/${i.key}`))?.key ?? 'personalInformation';
  return (
    <div className="container page-with-aside">
      <aside className="page-aside">
        <div className="aside-title">个人中心</div>
        <Menu
          mode="inline"
          selectedKeys={[current]}
          items={items}
          onClick={({ key }) => void navigate(`/personalCenter/${key}`)}
        />
      </aside>
      <section className="page-body">
        <Outlet />
      </section>
    </div>
  );
}
