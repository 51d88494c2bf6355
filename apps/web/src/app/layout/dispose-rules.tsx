import { Typography } from 'antd';

/** What a disposal unit must know before submitting a vehicle. */
export function DisposeRules() {
  return (
    <Typography>
      <Typography.Paragraph>
        本平台面向企事业单位、融资租赁公司、机关单位等处置单位开放车辆处置服务，个人车主暂不支持。
      </Typography.Paragraph>
      <ol className="rules-list">
        <li>处置单位须通过统一身份认证（单点登录）进入平台，并完成收款账户与开票信息维护。</li>
        <li>提交车辆时须如实填写车辆信息、上传行驶证、登记证书及不少于 6 张车辆照片，并对信息真实性负责。</li>
        <li>平台在 2 个工作日内完成审核；审核通过后由平台安排检测、预告、报名与竞价场次。</li>
        <li>保留价由处置单位设定并严格保密；竞价结束时最高价未达保留价的，车辆流拍，可重新上拍。</li>
        <li>成交后竞买人在 72 小时内付清全部款项，处置单位确认收款后配合办理过户与交车。</li>
        <li>平台按成交价收取服务费，具体标准以双方签订的委托协议为准。</li>
      </ol>
    </Typography>
  );
}
