import { DownOutlined, PhoneOutlined, UserOutlined } from '@ant-design/icons';
import { SERVICE_HOURS, SERVICE_PHONE } from '@chepai/shared';
import { Button, Dropdown, Modal, Space } from 'antd';
import { useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { displayName } from '../../lib/session';
import { switchSession } from '../../lib/session-switch';
import { useSession } from '../../lib/use-session';
import { logoutHooks } from './logout-hooks';
import { HeaderSearch } from './header-search';
import { DisposeRules } from './dispose-rules';
import { SellerUnitGate } from '../../features/sellers/components/seller-unit-gate';
import { UnitDialog } from '../../features/sellers/components/unit-dialog';

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
              <Dropdown
                menu={{
                  items: [
                    { key: 'center', label: '个人中心' },
                    ...(user.role === 'seller' ? [{ key: 'switch', label: '切换账号' }] : []),
                    { key: 'logout', label: '退出登录' },
                  ],
                  onClick: ({ key }) => {
                    if (key === 'logout') void logout();
                    else if (key === 'switch') setSwitchOpen(true);
                    else
                      void navigate(
                        user.role === 'seller' ? '/personalCenter/auctionOrder' : '/personalCenter/dealCar',
                      );
                  },
                }}
              >
                <a className="greeting" data-testid="greeting">
                  <UserOutlined /> 您好，{displayName(user)}
                  {user.role === 'seller' && user.businessUnitName ? `（${user.businessUnitName}）` : ''}{' '}
                  <DownOutlined />
                </a>
              </Dropdown>
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
      <Modal
        title="处置车辆须知"
        open={rulesOpen}
        onCancel={() => setRulesOpen(false)}
        onOk={dispose}
        okText={user ? '我已了解，去提交' : '处置单位登录'}
        cancelText="取消"
        width={620}
      >
        <DisposeRules />
      </Modal>
      {user?.role === 'seller' ? (
        <>
          <UnitDialog open={switchOpen} mode="switch" onClose={() => setSwitchOpen(false)} />
          <SellerUnitGate onLogout={() => void logout()} />
        </>
      ) : null}
    </header>
  );
}
