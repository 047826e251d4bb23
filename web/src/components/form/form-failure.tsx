/** Why a form's call was refused, announced as it appears (role="alert"); nothing while there is none. */
export function FormFailure({ text }: { text?: string }) {
  return text ? (
    <p className="notice notice-error" role="alert">
      {text}
    </p>
  ) : null;
}
