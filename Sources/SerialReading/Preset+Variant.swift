import Imaging

extension Preset.Variant {
    /// `image` preprocessed by this variant.
    func apply(to img: Image) throws(ImagingError) -> Image {
        switch self {
        case .gray: return img
        case .backgroundNorm: return try img.backgroundNormalized()
        case .sauvola: return try img.binarized(.sauvola, windowHalfSize: max(8, min(img.height / 3, 25)))
        case .otsu: return try img.binarized(.otsu)
        case .contrast: return try img.contrastNormalized()
        case .inverted: return try img.inverted()
        case .smooth: return try img.defocused(halfWidth: 2).contrastNormalized()
        case .descreen: return try img.descreened(maxPeriod: Double(img.height) / 4.5).contrastNormalized()
        }
    }
}
