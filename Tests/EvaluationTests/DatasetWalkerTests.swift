import Evaluation
import Foundation
import Testing
import TestSupport

@Suite("Dataset walk")
struct DatasetWalkerTests {
    @Test func walksRecursivelySkippingHiddenAndNonImages() throws {
        let root = try Fixtures.tempDir()
        let fm = FileManager.default
        try fm.createDirectory(at: root.appendingPathComponent("a/b"), withIntermediateDirectories: true)
        for f in ["x.jpg", "a/y.PNG", "a/b/z.jpeg", "a/b/w.heic", ".hidden.jpg", "notes.txt", "labels.csv"] {
            fm.createFile(atPath: root.appendingPathComponent(f).path, contents: Data([1]))
        }
        let l = try DatasetWalker.walk(root)
        #expect(l.items.map(\.relativePath) == ["a/b/w.heic", "a/b/z.jpeg", "a/y.PNG", "x.jpg"])
        #expect(l.skippedHidden == 1)
        #expect(l.skippedNonImages == 1)
    }

    @Test func survivesSymlinkLoops() throws {
        let root = try Fixtures.tempDir()
        let fm = FileManager.default
        try fm.createDirectory(at: root.appendingPathComponent("d"), withIntermediateDirectories: true)
        fm.createFile(atPath: root.appendingPathComponent("d/img.png").path, contents: Data([1]))
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("d/loop").path, withDestinationPath: "..")
        let l = try DatasetWalker.walk(root)
        #expect(l.items.map(\.relativePath) == ["d/img.png"])
        #expect(l.unreadableFolders.contains { $0.contains("symlink loop") })
    }

    @Test func missingFolderIsAnError() {
        #expect(throws: DatasetWalker.WalkError.self) { try DatasetWalker.walk(URL(fileURLWithPath: "/nonexistent-\(UUID())")) }
    }
}
