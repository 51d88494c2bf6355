import { AsideLayout } from '../../../components/aside-layout';
import { SUPPORT_SECTIONS } from '../../../lib/hot-keywords';

const ITEMS = SUPPORT_SECTIONS.map((s) => ({ key: s.path, label: s.title }));

/** 服务支持: guide / help / about, one list each. */
export default function SupportLayoutPage() {
  return <AsideLayout title="服务支持" base="/footerSupport" items={ITEMS} fallback="zhiNan" />;
}
