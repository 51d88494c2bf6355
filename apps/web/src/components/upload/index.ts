export { FileUpload, type FileUploadProps } from './file-upload';
export { requiredUploadRule, fileProblem, countProblem } from './upload-rules';
export { fileUrl } from './upload-api';
