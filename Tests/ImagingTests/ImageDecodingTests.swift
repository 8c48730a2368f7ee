import Foundation
import Imaging
import Testing
import TestSupport

@Suite("Image decoding")
struct ImageDecodingTests {
    /// A JPEG of a serial line drawn here.
    let jpeg: URL

    init() throws {
        jpeg = try LineSet.make(count: 1, name: "decoding").appendingPathComponent(LineSet.fileName(0))
    }

    @Test func decodesFileAndMemoryIdentically() throws {
        let fromFile = try Image(contentsOf: jpeg)
        let fromMemory = try Image(data: try Data(contentsOf: jpeg))
        let drawn = try LineSet.line(0).image
        #expect(fromFile.width == drawn.width && fromFile.height == drawn.height)
        #expect(fromMemory.width == fromFile.width && fromMemory.height == fromFile.height)
        #expect(try fromFile.grayBytes() == fromMemory.grayBytes())
    }

    @Test func pngRoundTripKeepsPixels() throws {
        let g = try Image(contentsOf: jpeg).grayscale()
        let back = try Image(data: try g.pngData())
        #expect(back.depth == 8)
        #expect(try back.grayBytes() == g.grayBytes())
    }

    @Test func emptyFileIsReported() {
        #expect(throws: ImagingError.self) { try Image(data: Data()) }
        do { _ = try Image(data: Data()) } catch { #expect(error.kind == .emptyFile) } 
    }

    @Test func textFileNamedJpegIsUnreadable() {
        do { _ = try Image(data: Data("hello, not an image".utf8)); Issue.record("decoded text") } catch {
            #expect(error.kind == .unreadableImage)
        }
    }

    @Test func truncatedJpegIsUnreadable() throws {
        let data = try Data(contentsOf: jpeg)
        do { _ = try Image(data: data.prefix(300)); Issue.record("decoded a truncated JPEG") } catch {
            #expect(error.kind == .unreadableImage)
        }
    }

    @Test func heicIsUnsupported() {
        var d = Data([0, 0, 0, 0x18])
        d.append(contentsOf: Array("ftypheic".utf8))
        d.append(Data(count: 32))
        do { _ = try Image(data: d); Issue.record("decoded HEIC") } catch {
            #expect(error.kind == .unsupportedFormat)
        }
    }

    @Test func oversizedHeaderIsRefusedBeforeDecoding() throws {
        // A real 20000×20000 PNG header (IHDR) with no pixel data: refused by the cap, not by a crash.
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
        png.append(contentsOf: Array("IHDR".utf8))
        png.append(contentsOf: [0x00, 0x00, 0x4E, 0x20, 0x00, 0x00, 0x4E, 0x20, 8, 0, 0, 0, 0])
        png.append(contentsOf: [0, 0, 0, 0])
        do { _ = try Image(data: png); Issue.record("accepted a 400 MP image") } catch {
            #expect(error.kind == .tooLarge)
        }
    }
}
