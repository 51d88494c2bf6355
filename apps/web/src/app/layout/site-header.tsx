import { PhoneOutlined } from '@ant-design/icons';
import { SERVICE_HOURS, SERVICE_PHONE } from '@chepai/shared';
import { useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { switchSession } from '../../lib/session-switch';
import { useSession } from '../../lib/use-session';
import { lazyWithAntd } from '../../components/antd-scope-lazy';
import { HeaderSearch } from './header-search';
import { logoutHooks } from './logout-hooks';

// The header itself is plain elements; what uses antd loads when needed, in a scope of its own
// (docs/decisions/033-a-first-load-without-antd.md).
const UserMenu = lazyWithAntd(() => import('./user-menu'), <span className="greeting">您好</span>);
const DisposeModal = lazyWithAntd(() => import('./dispose-modal'));
// Only sellers need the unit dialogs: their own chunk.
const UnitDialog = lazyWithAntd(async () => ({
  default: (await import('../../features/sellers/components/unit-dialog')).UnitDialog,
}));
const SellerUnitGate = lazyWithAntd(async () => ({
  default: (await import('../../features/sellers/components/seller-unit-gate')).SellerUnitGate,
}));

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
              <UserMenu user={user} onLogout={() => void logout()} onSwitchUnit={() => setSwitchOpen(true)} />
            ) : (
              <span className="topbar-links">
                <Link to="/login">登录</Link>
                <Link to="/buyerRegistration">免费注册</Link>
              </span>
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
        <div className="header-actions">
          {user ? null : (
            <Link to="/buyerRegistration" className="header-button primary">
              竞买人注册
            </Link>
          )}
          {user?.role === 'buyer' ? null : (
            <button type="button" className="header-button" onClick={() => setRulesOpen(true)}>
              我要处置车辆
            </button>
          )}
        </div>
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
        <DisposeModal loggedIn={Boolean(user)} onOk={dispose} onCancel={() => setRulesOpen(false)} />
      ) : null}
      {user?.role === 'seller' ? (
        <>
          <UnitDialog open={switchOpen} mode="switch" onClose={() => setSwitchOpen(false)} />
          <SellerUnitGate onLogout={() => void logout()} />
        </>
      ) : null}
    </header>
  );
}
