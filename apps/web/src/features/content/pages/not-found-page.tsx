import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <div className="bare-page">
      <div className="plain-result">
        <p className="plain-result-code" aria-hidden="true">
          404
        </p>
        <h1 className="plain-result-title">页面不存在</h1>
        <p className="muted">抱歉，您访问的页面不存在或已被移除。</p>
        <Link className="btn btn-primary" to="/home">
          返回首页
        </Link>
      </div>
    </div>
  );
}
