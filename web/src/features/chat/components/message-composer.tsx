import { useId, type KeyboardEvent, type Ref } from 'react';
import { LIMITS } from '@shared/limits';

interface MessageComposerProps {
  value: string;
  onChange(value: string): void;
  onSend(): void;
  /** A send that must finish before the next (starting a conversation). */
  busy?: boolean;
  textareaRef?: Ref<HTMLTextAreaElement>;
}

/** The message box: Enter sends, Shift+Enter adds a new line, and a Send button. */
export function MessageComposer({ value, onChange, onSend, busy = false, textareaRef }: MessageComposerProps) {
  const id = useId();
  const hintId = useId();

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // While an input method composes a word, Enter confirms the word, not the message.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!busy) onSend();
  }

  return (
    <form
      className="chat-composer"
      onSubmit={(event) => {
        event.preventDefault();
        onSend();
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Message
      </label>
      <textarea
        id={id}
        ref={textareaRef}
        value={value}
        rows={2}
        maxLength={LIMITS.textCap}
        placeholder="Write a message"
        aria-describedby={hintId}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        Send
      </button>
      <p id={hintId} className="chat-composer-hint">
        Enter sends, Shift+Enter adds a new line.
      </p>
    </form>
  );
}
