/** The order panel's dialogs, upload and review form: one module, loaded when the first of them is needed. */
export { default as ScheduleDialog } from './order-schedule-dialog';
export { CancelDialog, ProblemDialog, RefundDialog } from './order-step-dialogs';
export { default as UploadDialog } from './order-upload';
export { default as ReviewForm } from './order-review';
