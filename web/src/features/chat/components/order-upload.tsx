import { useEffect, useId, useRef, useState } from 'react';
import { ORDER_RULES } from '@shared/limits';
import { MSG } from '@shared/web-texts';
import { PROJECT_FILE_TYPES } from '@shared/schemas/orders';
import { errorText } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { confirmProjectUpload, type ProjectFileType, requestProjectUpload, uploadProjectFile } from '@/features/chat/api/project-upload';
import { OrderDialog } from './order-dialog';

const isProjectType = (type: string): type is ProjectFileType => (PROJECT_FILE_TYPES as readonly string[]).includes(type);

/** What is wrong with a chosen file, before anything is sent: none, a type not taken, too large. */
export function projectFileProblem(file: File | undefined): string | undefined {
  if (!file || file.size === 0) return MSG.projectFileRequired;
  if (!isProjectType(file.type)) return MSG.projectFileType;
  if (file.size > ORDER_RULES.projectFileMaxBytes) return MSG.projectFileTooLarge;
  return undefined;
}

interface UploadDialogProps {
  chatId: string;
  /** The project is submitted. */
  onDone(): void;
  onClose(): void;
}

/**
 * The expert delivers the project: a file (PDF, images, Office, ZIP; up to 50 MB) goes straight to
 * storage through a presigned form, its progress shown, then the upload is submitted by its key.
 * Closing the dialog during the upload stops it.
 */
export default function OrderUploadDialog({ chatId, onDone, onClose }: UploadDialogProps) {
  const ids = { file: useId(), error: useId(), hint: useId(), progress: useId() };
  const [file, setFile] = useState<File>();
  const [error, setError] = useState<string>();
  const [progress, setProgress] = useState<number>();
  const abort = useRef<AbortController>(undefined);

  useEffect(() => () => abort.current?.abort(), []);

  async function submit() {
    if (progress !== undefined) return;
    const problem = projectFileProblem(file);
    setError(problem);
    if (problem || !file || !isProjectType(file.type)) return;
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    try {
      const form = await requestProjectUpload(chatId, file, file.type);
      await uploadProjectFile(form, file, setProgress, controller.signal);
      setProgress(1);
      const { msg } = await confirmProjectUpload(chatId, form.key);
      notify.success(msg || MSG.projectSubmitted);
      onDone();
      onClose();
    } catch (failure) {
      if (controller.signal.aborted) return;
      setProgress(undefined);
      const text = errorText(failure, MSG.projectSubmitFailed);
      setError(text);
      notify.error(text);
    }
  }

  const uploading = progress !== undefined;
  return (
    <OrderDialog
      title="Submit the project file"
      submitLabel={uploading ? 'Uploading…' : 'Upload and submit'}
      closeLabel={uploading ? 'Stop' : 'Close'}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <div className="field">
        <label htmlFor={ids.file}>Project file</label>
        <input
          id={ids.file}
          type="file"
          accept={PROJECT_FILE_TYPES.join(',')}
          disabled={uploading}
          onChange={(event) => {
            setFile(event.target.files?.[0]);
            setError(undefined);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids.error} ${ids.hint}` : ids.hint}
        />
        <p id={ids.hint} className="field-hint">
          PDF, PNG, JPEG, WebP, Word, Excel, PowerPoint or ZIP, up to {ORDER_RULES.projectFileMaxBytes / 1024 / 1024} MB.
        </p>
        {error && (
          <p id={ids.error} className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      {uploading && (
        <div className="order-upload-progress">
          <label htmlFor={ids.progress}>Upload progress</label>
          <progress id={ids.progress} max={100} value={Math.round(progress * 100)}>
            {Math.round(progress * 100)} %
          </progress>
          <span aria-hidden="true"> {Math.round(progress * 100)} %</span>
        </div>
      )}
    </OrderDialog>
  );
}
