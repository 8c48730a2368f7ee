import Foundation
import ReadingCore
import Testing

@Suite("Model locator")
struct ModelLocatorTests {
    /// A model's digest is its file's (the same twice, another file another), and a name no
    /// folder holds says so.
    @Test func aModelIsKnownByItsFilesDigest() {
        #expect(ModelLocator.folder(for: "serial") != nil)
        let digest = ModelLocator.digest(of: "serial")
        #expect(digest.count == 16 && digest.allSatisfy(\.isHexDigit), "\(digest)")
        #expect(ModelLocator.digest(of: "serial") == digest)
        #expect(ModelLocator.digest(of: "serial_best") != digest)
        #expect(ModelLocator.digest(of: "no-such-model") == "missing")
    }
}
