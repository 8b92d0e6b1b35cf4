interface RichTextProps {
  /** HTML sanitized by the server on save (no scripts, no event handlers, no javascript: links). */
  html: string | null | undefined;
  className?: string;
}

/** Shows rich text the server has already cleaned; renders nothing when empty. */
export function RichText({ html, className }: RichTextProps) {
  if (!html || !html.trim()) return null;
  return (
    <div className={className ? `rich-text ${className}` : 'rich-text'} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
