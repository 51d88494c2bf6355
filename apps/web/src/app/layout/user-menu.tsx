import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { useNavigate } from 'react-router';
import { displayName, type SessionUser } from '../../lib/session';
import { NoticeBell } from './notice-bell';

/** The logged-in user's menu; its own chunk, since visitors never need the dropdown. */
export default function UserMenu({
  user,
  onLogout,
  onSwitchUnit,
}: {
  user: SessionUser;
  onLogout: () => void;
  /** 切换账号: a seller chooses another business unit. */
  onSwitchUnit: () => void;
}) {
  const navigate = useNavigate();
  return (
    <>
      <NoticeBell />
      <Dropdown
        menu={{
          items: [
            { key: 'center', label: '个人中心' },
            { key: 'messages', label: '站内信' },
            ...(user.role === 'buyer'
              ? [
                  { key: 'watchlist', label: '我的关注' },
                  { key: 'deposits', label: '我的保证金' },
                ]
              : []),
            ...(user.role === 'seller' ? [{ key: 'switch', label: '切换账号' }] : []),
            { key: 'logout', label: '退出登录' },
          ],
          onClick: ({ key }) => {
            if (key === 'logout') onLogout();
            else if (key === 'deposits') void navigate('/promiseMoneyReport');
            else if (key === 'messages') void navigate('/personalCenter/messages');
            else if (key === 'watchlist') void navigate('/personalCenter/watchlist');
            else if (key === 'switch') onSwitchUnit();
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
    </>
  );
}
