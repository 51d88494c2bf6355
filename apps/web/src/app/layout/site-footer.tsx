import { OPERATOR_NAME, SERVICE_HOURS, SERVICE_PHONE } from '@chepai/shared';
import { Link } from 'react-router';
import { useSupportList } from '../../api/content-queries';
import { SUPPORT_SECTIONS } from '../../lib/hot-keywords';

const PER_COLUMN = 5;

export function SiteFooter() {
  const { data } = useSupportList();
  return (
    <footer className="site-footer" data-testid="site-footer">
      <div className="container footer-columns">
        {SUPPORT_SECTIONS.map((s) => (
          <section key={s.type} className="footer-column">
            <h2 className="footer-title">
              <Link to={`/footerSupport/${s.path}`}>{s.title}</Link>
            </h2>
            <ul>
              {(data?.[s.type] ?? []).slice(0, PER_COLUMN).map((a) => (
                <li key={a.id}>
                  <Link to={`/supportDetail/${a.id}`}>{a.title}</Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
        <section className="footer-column footer-contact">
          <h2 className="footer-title">客服热线</h2>
          <p className="footer-phone">{SERVICE_PHONE}</p>
          <p>{SERVICE_HOURS}</p>
        </section>
      </div>
      <div className="footer-operator">
        <div className="container">
          © {new Date().getFullYear()} {OPERATOR_NAME} 版权所有 · 车拍商城运营 ·
          本站车辆信息由处置单位提供，以实物及现场查验为准
        </div>
      </div>
    </footer>
  );
}
