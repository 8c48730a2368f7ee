import Foundation
import PermitReading

/// Reads a Tunisian restaurant permit number from an image, for `POST /permit`. Each worker
/// thread owns one (the permit pipeline holds a Tesseract engine) and uses it for one request
/// at a time. The server binds a concrete reader through `ServerConfiguration.makePermitReader`.
public protocol PermitReader: AnyObject {
    /// Reads `image` (bytes already decoded from the data URI and sniffed as an image).
    func readPermit(_ image: Data) -> PermitAnswer
}

/// The permit pipeline, the same reader `scanbench permit` and `evaluate --preset permit` use.
extension PermitSampleReader: PermitReader {
    public func readPermit(_ image: Data) -> PermitAnswer { answer(image) }
}
