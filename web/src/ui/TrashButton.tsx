function TrashIcon() {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M6 1h4a1 1 0 0 1 1 1v1h3v1.5H2V3h3V2a1 1 0 0 1 1-1Zm.5 2h3v-.5h-3V3ZM3.5 6h9l-.7 8.1a1 1 0 0 1-1 .9H5.2a1 1 0 0 1-1-.9L3.5 6Zm3 1.5v6h1v-6h-1Zm2 0v6h1v-6h-1Z"
      />
    </svg>
  );
}

interface TrashButtonProps {
  /** The accessible name, saying what goes: "Delete Support Docs", "Remove access for Ann Lee". */
  label: string;
  /** The tooltip: "Delete", "Remove". */
  title: string;
  onClick: () => void;
}

/** A row's red trash-can button that deletes or removes it. */
export function TrashButton({ label, title, onClick }: TrashButtonProps) {
  return (
    <button type="button" className="icon-button icon-danger" aria-label={label} title={title} onClick={onClick}>
      <TrashIcon />
    </button>
  );
}
