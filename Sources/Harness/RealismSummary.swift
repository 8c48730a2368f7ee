/// The statistics of a realism profile, each with the number of images (or lines) it is over.
public struct RealismSummary: Codable, Sendable, Hashable {
    /// Images listed in the folder.
    public var images: Int
    /// Images that could not be decoded (left out of every statistic below).
    public var unreadable: Int
    /// Measured images with at least one text line.
    public var withLines: Int
    /// Measured images whose lines chain only when turned a quarter.
    public var turned: Int
    /// Measured images whose lines were found as light text on a darker ground.
    public var lightText: Int
    /// The measured images' long and short sides, px (portrait and landscape alike).
    public var longSide: RealismDistribution
    public var shortSide: RealismDistribution
    /// Text lines per measured image.
    public var linesPerImage: RealismDistribution
    /// Glyph heights of all text lines of all measured images, px.
    public var lineHeight: RealismDistribution
    /// Images whose labelled row was found, not found, or that have no truth to look for.
    public var rowsFound: Int
    public var rowsNotFound: Int
    public var noTruth: Int
    /// Images whose truth was held by more than one line (the longest is the row measured).
    public var rowsShownTwice: Int
    /// Over the rows found.
    public var rowHeight: RealismDistribution
    public var rowContrast: RealismDistribution
    public var rowSharpness: RealismDistribution
    /// Over the measured images (fitted to `maxSide`).
    public var imageSharpness: RealismDistribution
    public var meanGrey: RealismDistribution
    public var greyP5: RealismDistribution
    public var greyP95: RealismDistribution
    /// Seconds per image, all of them (an unreadable one too).
    public var secondsPerImage: RealismDistribution
    public var totalSeconds: Double

    /// The statistics of `samples`.
    public init(_ samples: [RealismSample]) {
        let measured = samples.filter { $0.rowStatus != .unreadable }
        let rows = measured.compactMap(\.row)
        images = samples.count
        unreadable = samples.count - measured.count
        withLines = measured.filter { !$0.lineHeights.isEmpty }.count
        turned = measured.filter { !$0.lineHeights.isEmpty && $0.lineRotation == 90 }.count
        lightText = measured.filter { !$0.lineHeights.isEmpty && $0.lightText }.count
        longSide = RealismDistribution(measured.map { Double(max($0.width, $0.height)) })
        shortSide = RealismDistribution(measured.map { Double(min($0.width, $0.height)) })
        linesPerImage = RealismDistribution(measured.map { Double($0.lineHeights.count) })
        lineHeight = RealismDistribution(measured.flatMap(\.lineHeights))
        rowsFound = measured.filter { $0.rowStatus == .found }.count
        rowsNotFound = measured.filter { $0.rowStatus == .notFound }.count
        noTruth = measured.filter { $0.rowStatus == .noTruth }.count
        rowsShownTwice = rows.filter { $0.holdingLines > 1 }.count
        rowHeight = RealismDistribution(rows.map(\.glyphHeight))
        rowContrast = RealismDistribution(rows.map(\.contrast))
        rowSharpness = RealismDistribution(rows.map(\.sharpness))
        imageSharpness = RealismDistribution(measured.map(\.sharpness))
        meanGrey = RealismDistribution(measured.map(\.grey.mean))
        greyP5 = RealismDistribution(measured.map(\.grey.p5))
        greyP95 = RealismDistribution(measured.map(\.grey.p95))
        secondsPerImage = RealismDistribution(samples.map(\.seconds))
        totalSeconds = samples.map(\.seconds).reduce(0, +)
    }
}
