export { FileUpload, type FileUploadProps } from './file-upload';
export { requiredUploadRule, fileProblem, countProblem, deleteConfirm } from './upload-rules';
export { uploadFile, deleteFile } from './upload-api';
export { fileUrl } from './upload-api';
export { uploadGate } from './upload-gate';
export { useUploadsBusy, useReportBusy } from './upload-busy';
