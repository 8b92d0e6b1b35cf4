/** The in-page error of a case that cannot be read (spec 1 §8, spec 3 §2.14): warning icon and the server's text. */
export function CaseErrorBox({ message, title = 'This case cannot be shown.' }: { message: string; title?: string }) {
  return (
    <div className="case-error" role="alert">
      <span className="case-error-icon" aria-hidden="true">
        ⚠
      </span>
      <div>
        <strong>{title}</strong>
        <p>{message}</p>
      </div>
    </div>
  );
}
