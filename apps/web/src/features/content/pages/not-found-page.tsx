import { NotFound } from '../../../components/query-state';

export default function NotFoundPage() {
  return (
    <div className="bare-page">
      <NotFound
        title="页面不存在"
        message="抱歉，您访问的页面不存在或已被移除。"
        back={{ to: '/home', text: '返回首页' }}
      />
    </div>
  );
}
