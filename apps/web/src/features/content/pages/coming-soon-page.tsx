import { Result } from 'antd';
import { Link } from 'react-router';

/** Pages whose feature has not landed yet say so plainly instead of showing fake data. */
export default function ComingSoonPage() {
  return (
    <div className="container">
      <Result
        status="info"
        title="该功能即将上线"
        subTitle="我们正在紧张建设中，敬请期待。"
        extra={<Link to="/home">返回首页</Link>}
      />
    </div>
  );
}
