/// The error overlay's looks, served at `/_folio/overlay.css` so the page needs no inline style.
enum OverlayStylesheet {
  /// The stylesheet.
  static let source = #"""
    .folio-overlay {
      position: fixed;
      inset: 0;
      z-index: 2147483647;
      display: flex;
      align-items: flex-start;
      justify-content: center;
      padding: 5vh 1rem;
      overflow: auto;
      background: rgba(20, 20, 24, 0.82);
      font: 14px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
      color: #f4f4f5;
    }
    .folio-overlay-panel {
      width: min(60rem, 100%);
      border-top: 4px solid #f87171;
      border-radius: 6px;
      background: #18181b;
      box-shadow: 0 20px 60px rgba(0, 0, 0, 0.5);
      padding: 1rem 1.25rem;
    }
    .folio-overlay-header {
      display: flex;
      justify-content: space-between;
      align-items: center;
      gap: 1rem;
    }
    .folio-overlay-location { color: #fca5a5; font-weight: bold; word-break: break-all; }
    .folio-overlay-close {
      font: inherit;
      color: inherit;
      background: #27272a;
      border: 1px solid #3f3f46;
      border-radius: 4px;
      padding: 0.125rem 0.5rem;
      cursor: pointer;
    }
    .folio-overlay-message { margin: 0.75rem 0; white-space: pre-wrap; font: inherit; }
    .folio-overlay-excerpt {
      margin: 0;
      padding: 0.5rem 0;
      overflow-x: auto;
      background: #09090b;
      border-radius: 4px;
      font: inherit;
    }
    .folio-overlay-line { display: flex; white-space: pre; }
    .folio-overlay-line-highlighted { background: rgba(248, 113, 113, 0.15); }
    .folio-overlay-number {
      flex: none;
      width: 4em;
      padding-right: 1em;
      text-align: right;
      color: #71717a;
      user-select: none;
    }
    .folio-overlay-caret { color: #f87171; }

    """#
}
