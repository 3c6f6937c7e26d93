import Foundation
import SyntaxHighlighting

extension ThemeColor {
  /// WCAG 2's relative luminance: 0 for black, 1 for white.
  public var relativeLuminance: Double {
    func linear(_ component: UInt8) -> Double {
      let value = Double(component) / 255
      return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
  }

  /// WCAG 2's contrast ratio between this colour and `other`, from 1 to 21; AA asks 4.5 of
  /// normal text.
  public func contrastRatio(with other: ThemeColor) -> Double {
    let (a, b) = (relativeLuminance, other.relativeLuminance)
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
  }
}
