import { Result } from 'antd';

export default function CarCalculatorPage() {
  return (
    <div className="container">
      <Result status="info" title="购车计算器即将上线" />
    </div>
  );
}
