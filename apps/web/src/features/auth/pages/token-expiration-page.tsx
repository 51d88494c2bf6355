import { Link } from 'react-router';

export default function TokenExpirationPage() {
  return (
    <div className="bare-page">
      <div className="plain-result">
        <p className="plain-result-code plain-result-warning" aria-hidden="true">
          !
        </p>
        <h1 className="plain-result-title">登录凭证已失效</h1>
        <p className="muted">您使用的登录链接已过期或无效，请重新登录。</p>
        <div className="plain-result-actions">
          <Link className="btn btn-primary" to="/login">
            重新登录
          </Link>
          <Link className="btn" to="/home">
            返回首页
          </Link>
        </div>
      </div>
    </div>
  );
}
