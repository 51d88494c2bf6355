import { Menu } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { SUPPORT_SECTIONS } from '../../../lib/hot-keywords';

/** 服务支持: guide / help / about, one list each. */
export default function SupportLayoutPage() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = SUPPORT_SECTIONS.find((s) => pathname.endsWith(`/${s.path}`))?.path ?? 'zhiNan';
  return (
    <div className="container page-with-aside">
      <aside className="page-aside">
        <div className="aside-title">服务支持</div>
        <Menu
          mode="inline"
          selectedKeys={[current]}
          items={SUPPORT_SECTIONS.map((s) => ({ key: s.path, label: s.title }))}
          onClick={({ key }) => void navigate(`/footerSupport/${key}`)}
        />
      </aside>
      <section className="page-body">
        <Outlet />
      </section>
    </div>
  );
}
