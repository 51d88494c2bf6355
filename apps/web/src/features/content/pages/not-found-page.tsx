import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <div className="bare-page">
      <Result
        status="404"
        title="404"
        subTitle="抱歉，您访问的页面不存在或已被移除。"
        extra={
          <Button type="primary" onClick={() => void navigate('/home')}>
            返回首页
          </Button>
        }
      />
    </div>
  );
}
