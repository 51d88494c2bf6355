import { Result } from 'antd';

export default function CarComparePage() {
  return (
    <div className="container">
      <Result status="info" title="车型对比即将上线" />
    </div>
  );
}
