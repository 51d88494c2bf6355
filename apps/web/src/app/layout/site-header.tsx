import { PhoneOutlined } from '@ant-design/icons';
import { SERVICE_HOURS, SERVICE_PHONE } from '@chepai/shared';
import { Button, Space } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { switchSession } from '../../lib/session-switch';
import { useSession } from '../../lib/use-session';
import { logoutHooks } from './logout-hooks';
import { HeaderSearch } from './header-search';

const UserMenu = lazy(() => import('./user-menu'));
const DisposeModal = lazy(() => import('./dispose-modal'));
// Only sellers need the unit dialogs: their own chunk.
const UnitDialog = lazy(() =>
  import('../../features/sellers/components/unit-dialog').then((m) => ({ default: m.UnitDialog })),
);
const SellerUnitGate = lazy(() =>
  import('../../features/sellers/components/seller-unit-gate').then((m) => ({ default: m.SellerUnitGate })),
);

const NAV = [
  { to: '/home', label: '首页' },
  { to: '/foreshowHall', label: '预告大厅' },
  { to: '/applyHall', label: '报名大厅' },
  { to: '/auctionHall', label: '竞价大厅' },
  { to: '/resultHall', label: '结果公示' },
  { to: '/carCompare', label: '车型对比' },
  { to: '/carCalculator', label: '购车计算器' },
  { to: '/announcement/list', label: '平台公告' },
];

export function SiteHeader() {
  const user = useSession();
  const navigate = useNavigate();
  const [rulesOpen, setRulesOpen] = useState(false);
  const [switchOpen, setSwitchOpen] = useState(false);

  const logout = async () => {
    await logoutHooks.run();
    switchSession(null, '/home', navigate);
  };
  const dispose = () => {
    setRulesOpen(false);
    if (!user) void navigate('/login?type=2&redirect=%2FdisposeCar');
    else void navigate('/disposeCar');
  };

  return (
    <header className="site-header">
      <div className="topbar">
        <div className="container topbar-inner">
          <span>
            <PhoneOutlined /> 客服热线 <strong>{SERVICE_PHONE}</strong>
            <span className="topbar-hours">服务时间：{SERVICE_HOURS}</span>
          </span>
          <span className="topbar-user">
            {user ? (
              <Suspense fallback={<span className="greeting">您好</span>}>
                <UserMenu
                  user={user}
                  onLogout={() => void logout()}
                  onSwitchUnit={() => setSwitchOpen(true)}
                />
              </Suspense>
            ) : (
              <Space size={16}>
                <Link to="/login">登录</Link>
                <Link to="/buyerRegistration">免费注册</Link>
              </Space>
            )}
          </span>
        </div>
      </div>
      <div className="container header-main">
        <Link to="/home" className="logo" aria-label="车拍商城首页">
          <span className="logo-mark">拍</span>
          <span className="logo-text">
            车拍商城<small>机动车网络竞价平台</small>
          </span>
        </Link>
        <HeaderSearch />
        <Space className="header-actions">
          {user ? null : (
            <Button type="primary" ghost size="large" onClick={() => void navigate('/buyerRegistration')}>
              竞买人注册
            </Button>
          )}
          {user?.role === 'buyer' ? null : (
            <Button size="large" onClick={() => setRulesOpen(true)}>
              我要处置车辆
            </Button>
          )}
        </Space>
      </div>
      <nav className="site-nav">
        <div className="container">
          {NAV.map((n) => (
            <NavLink key={n.to} to={n.to} className={({ isActive }) => (isActive ? 'active' : undefined)}>
              {n.label}
            </NavLink>
          ))}
        </div>
      </nav>
      {rulesOpen ? (
        <Suspense fallback={null}>
          <DisposeModal loggedIn={Boolean(user)} onOk={dispose} onCancel={() => setRulesOpen(false)} />
        </Suspense>
      ) : null}
      {user?.role === 'seller' ? (
        <Suspense fallback={null}>
          <UnitDialog open={switchOpen} mode="switch" onClose={() => setSwitchOpen(false)} />
          <SellerUnitGate onLogout={() => void logout()} />
        </Suspense>
      ) : null}
    </header>
  );
}
