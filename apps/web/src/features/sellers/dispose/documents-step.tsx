import { disposal } from '@chepai/shared';
import { Col, Form, Row } from 'antd';
import type { FormInstance } from 'antd';
import { FileUpload, requiredUploadRule } from '../../../components/upload';
import { DateText } from './date-text';
import type { DisposeValues } from './form-model';

/** How many files each document may have (pages, front and back). */
const MAX_FILES: Record<string, number> = { 机动车登记证书: 4, 机动车行驶证: 2, 交强险保单: 2, 其他: 3 };

/**
 * Step 2: each document a private upload, only ever shown through signed addresses; those that
 * expire carry their expiry (docs/product.md#14-disposal-and-review).
 */
export function DocumentsStep({ form }: { form: FormInstance<DisposeValues> }) {
  const docs = Form.useWatch('docs', form) ?? {};
  return (
    <>
      <p className="muted dispose-note">
        证件仅平台审核人员和本单位可见，不会向竞买人公开。支持 PDF 或图片，单个文件不超过10M。
      </p>
      <div className="dispose-docs">
        {disposal.DISPOSAL_DOCUMENTS.map((d) => {
          const hasFiles = (docs[d.name]?.files?.length ?? 0) > 0;
          return (
            <section key={d.name} className="dispose-doc" data-testid={`doc-${d.name}`}>
              <Row gutter={16} align="top">
                <Col xs={24} md={d.hasExpiry ? 14 : 24}>
                  <Form.Item
                    name={['docs', d.name, 'files']}
                    label={d.name}
                    required={d.required}
                    rules={d.required ? [requiredUploadRule] : []}
                  >
                    <FileUpload type="document" isPrivate maxCount={MAX_FILES[d.name] ?? 3} />
                  </Form.Item>
                </Col>
                {d.hasExpiry && (
                  <Col xs={24} md={10}>
                    <Form.Item
                      name={['docs', d.name, 'expiry']}
                      label="有效期至"
                      rules={[{ required: d.required || hasFiles, message: `请填写${d.name}的有效期` }]}
                    >
                      <DateText future />
                    </Form.Item>
                  </Col>
                )}
              </Row>
            </section>
          );
        })}
      </div>
    </>
  );
}
