// jsdom has no layout, and leaves out the geometry APIs of ranges ProseMirror calls to scroll the selection into
// view. Empty answers (no rectangles, nothing at a point) are what a page without layout would give.
const emptyRect = () => new DOMRect(0, 0, 0, 0);
const emptyList = (): DOMRectList => Object.assign([], { item: () => null }) as unknown as DOMRectList;

if (typeof Range !== 'undefined') {
  Range.prototype.getClientRects ??= emptyList;
  Range.prototype.getBoundingClientRect ??= emptyRect;
}
if (typeof document !== 'undefined') document.elementFromPoint ??= () => null;
