import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { useNavigate } from 'react-router';
import { displayName, type SessionUser } from '../../lib/session';

/** The logged-in user's menu; its own chunk, since visitors never need the dropdown. */
export default function UserMenu({ user, onLogout }: { user: SessionUser; onLogout: () => void }) {
  const navigate = useNavigate();
  return (
    <Dropdown
      menu={{
        items: [
          { key: 'center', label: '个人中心' },
          ...(user.role === 'buyer' ? [{ key: 'deposits', label: '我的保证金' }] : []),
          { key: 'logout', label: '退出登录' },
        ],
        onClick: ({ key }) => {
          if (key === 'logout') onLogout();
          else if (key === 'deposits') void navigate('/promiseMoneyReport');
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
  );
}
