import { UploadOutlined } from '@ant-design/icons';
import type { files } from '@chepai/shared';
import { Button, Form, Upload } from 'antd';
import { useState } from 'react';
import { consoleUpload } from './console-api';

/**
 * One private document uploaded as the operator (console/files/upload, the server checks its bytes):
 * a button, the uploaded file's name, and the server's message when it is refused.
 */
export function UploadField({
  accept,
  value,
  onChange,
  onError,
}: {
  accept: string;
  value: files.UploadedFile | null;
  onChange: (file: files.UploadedFile) => void;
  onError: (message: string | null) => void;
}) {
  const [uploading, setUploading] = useState(false);
  return (
    <>
      <Upload
        accept={accept}
        maxCount={1}
        showUploadList={false}
        customRequest={({ file }) => {
          setUploading(true);
          onError(null);
          consoleUpload(file as File)
            .then(onChange)
            .catch((e: Error) => onError(e.message))
            .finally(() => setUploading(false));
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading}>
          {value ? '重新上传' : '上传文件'}
        </Button>
      </Upload>
      {value && <span className="console-upload-name">{value.fileName}</span>}
    </>
  );
}

/** The upload as a required form field with its own message (the form checks it on submit). */
export function UploadItem({
  label,
  error,
  ...field
}: Parameters<typeof UploadField>[0] & { label: string; error: string | null }) {
  return (
    <Form.Item label={label} required validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
      <UploadField {...field} />
    </Form.Item>
  );
}
