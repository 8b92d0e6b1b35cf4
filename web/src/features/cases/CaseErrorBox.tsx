import './cases.css';

/** In-page error of an unreadable case, shown instead of the case and any form: warning icon and the server's text. */
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
