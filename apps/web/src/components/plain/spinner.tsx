/** A loading spinner drawn like antd's Spin (`.spinner` in styles/global.css), announced as loading. */
export const Spinner = () => <span className="spinner" role="status" aria-label="加载中" />;
