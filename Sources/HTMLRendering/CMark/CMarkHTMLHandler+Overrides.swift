import RichText

// The site's hooks on blocks: the ``HTMLBlockOverride`` (render, replace or wrap) and the HTML
// blocks that ``RenderDecorations`` hides.
extension CMarkHTMLHandler {
  /// Leaves `block` out, or lets the override write it; returns whether the block's own
  /// opening is done.
  mutating func enterOverride(_ block: PresentationIntent) -> Bool {
    // A hidden block is hidden whatever the override would write for it (a list that kramdown's
    // `{:toc}` ends is one the site's list component would otherwise draw).
    if !decorations.hiddenBlocks.isEmpty, decorations.hiddenBlocks.contains(block.innermost.identity) {
      suppressedBlock = block.innermost.identity
      return true
    }
    if hasBlockOverride {
      switch blockOverride!.openBlock(
        HTMLBlockContext(text: text, block: block, firstRun: nextRun), into: &writer)
      {
      case .render: break
      case .replace:
        suppressedBlock = block.innermost.identity
        return true
      case .wrap:
        wrappedBlocks.append(block.innermost.identity)
        return true
      }
    }
    return false
  }

  /// Lets the override close a block it wrapped; returns whether it did.
  mutating func exitOverride(_ block: PresentationIntent) -> Bool {
    guard !wrappedBlocks.isEmpty, hasBlockOverride, wrappedBlocks.last == block.innermost.identity else {
      return false
    }
    wrappedBlocks.removeLast()
    blockOverride!.closeBlock(HTMLBlockContext(text: text, block: block, firstRun: nextRun), into: &writer)
    return true
  }
}
