import { disposal } from '@chepai/shared';
import { PlainFileUpload } from '../../../components/upload/plain-file-upload';
import { docKey } from './dispose-rules';
import { DateInput, Item } from './dispose-fields';
import type { DisposeForm } from './use-dispose-form';

/** How many files each document may have (pages, front and back). */
const MAX_FILES: Record<string, number> = { 机动车登记证书: 4, 机动车行驶证: 2, 交强险保单: 2, 其他: 3 };

/**
 * Step 2: each document a private upload, only ever shown through signed addresses; those that
 * expire carry their expiry (docs/product.md#14-disposal-and-review).
 */
export function DocumentsStep({
  form,
  keepFileIds,
}: {
  form: DisposeForm;
  /** Files of the order being resubmitted: removed from the form, they stay on the order. */
  keepFileIds?: ReadonlySet<string>;
}) {
  const docs = form.values.docs ?? {};
  return (
    <>
      <p className="muted dispose-note">
        证件仅平台审核人员和本单位可见，不会向竞买人公开。支持 PDF 或图片，单个文件不超过10M。
      </p>
      <div className="dispose-docs">
        {disposal.DISPOSAL_DOCUMENTS.map((d) => {
          const slot = docs[d.name];
          const hasFiles = (slot?.files?.length ?? 0) > 0;
          return (
            <section
              key={d.name}
              className={d.hasExpiry ? 'dispose-doc with-expiry' : 'dispose-doc'}
              data-testid={`doc-${d.name}`}
            >
              <Item form={form} name={docKey(d.name, 'files')} label={d.name} required={d.required}>
                {(aria) => (
                  <PlainFileUpload
                    id={aria.id}
                    aria-invalid={aria['aria-invalid']}
                    aria-describedby={aria['aria-describedby']}
                    type="document"
                    isPrivate
                    maxCount={MAX_FILES[d.name] ?? 3}
                    keepFileIds={keepFileIds}
                    value={slot?.files ?? []}
                    onChange={(next) => form.setDoc(d.name, { files: next })}
                  />
                )}
              </Item>
              {d.hasExpiry && (
                <Item
                  form={form}
                  name={docKey(d.name, 'expiry')}
                  label={`${d.name}有效期至`}
                  required={d.required || hasFiles}
                >
                  {(aria) => (
                    <DateInput
                      aria={aria}
                      future
                      value={slot?.expiry}
                      onChange={(v) => form.setDoc(d.name, { expiry: v })}
                    />
                  )}
                </Item>
              )}
            </section>
          );
        })}
      </div>
    </>
  );
}
