/** The order panel's dialogs, upload, review form and review: one module, loaded when the first of them is needed. */
export { default as ScheduleDialog } from './order-schedule-dialog';
export { CancelDialog, ProblemDialog, RefundDialog, WorkHoursDialog } from './order-step-dialogs';
export { default as UploadDialog } from './order-upload';
export { default as ReviewForm, ReviewView } from './order-review';
