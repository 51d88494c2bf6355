import { FloatButton } from 'antd';

/** 回到顶部, its own chunk: fetched only once the page has been scrolled. */
export default function BackTop() {
  return <FloatButton.BackTop visibilityHeight={300} tooltip="回到顶部" />;
}
