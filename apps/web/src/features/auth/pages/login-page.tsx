import { Card, Tabs } from 'antd';
import { Link, useSearchParams } from 'react-router';

/** The login page shell; buyer and seller sign-in arrive with their issues. */
export default function LoginPage() {
  const [params] = useSearchParams();
  const seller = params.get('type') === '2';
  return (
    <div className="login-page">
      <Link to="/home" className="logo login-logo">
        <span className="logo-mark">拍</span>
        <span className="logo-text">车拍商城</span>
      </Link>
      <Card className="login-card" title={seller ? '处置单位登录' : '竞买人登录'}>
        <Tabs items={[{ key: 'password', label: '密码登录' }, { key: 'sms', label: '验证码登录' }]} />
        <p className="muted">账号登录功能即将上线。</p>
      </Card>
    </div>
  );
}
