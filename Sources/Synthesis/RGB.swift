/// A colour with components in [0, 1], as Cairo takes them.
public struct RGB: Hashable, Sendable {
    /// Red, green and blue in [0, 1].
    public var r: Double, g: Double, b: Double

    /// Creates a colour from components in [0, 1].
    public init(_ r: Double, _ g: Double, _ b: Double) {
        self.r = r; self.g = g; self.b = b
    }

    /// A grey of luminance `v` in [0, 1].
    public init(gray v: Double) {
        self.init(v, v, v)
    }

    /// Creates a colour from a `0xRRGGBB` literal.
    public init(hex: UInt32) {
        self.init(Double((hex >> 16) & 0xFF) / 255, Double((hex >> 8) & 0xFF) / 255, Double(hex & 0xFF) / 255)
    }

    /// Each component multiplied by `k` and clamped to [0, 1].
    public func scaled(_ k: Double) -> RGB {
        RGB(min(1, max(0, r * k)), min(1, max(0, g * k)), min(1, max(0, b * k)))
    }

    /// Linear interpolation towards `other` by `t` in [0, 1].
    public func mixed(with other: RGB, _ t: Double) -> RGB {
        RGB(r + (other.r - r) * t, g + (other.g - g) * t, b + (other.b - b) * t)
    }

    /// Rec. 601 luma in [0, 1].
    public var luma: Double { 0.299 * r + 0.587 * g + 0.114 * b }

    static let white = RGB(gray: 1)
    static let black = RGB(gray: 0)
}
