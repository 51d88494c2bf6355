import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

export default function TokenExpirationPage() {
  const navigate = useNavigate();
  return (
    <div className="bare-page">
      <Result
        status="warning"
        title="登录凭证已失效"
        subTitle="您使用的登录链接已过期或无效，请重新登录。"
        extra={[
          <Button key="login" type="primary" onClick={() => void navigate('/login')}>
            重新登录
          </Button>,
          <Button key="home" onClick={() => void navigate('/home')}>
            返回首页
          </Button>,
        ]}
      />
    </div>
  );
}
