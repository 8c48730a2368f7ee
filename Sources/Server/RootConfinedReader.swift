import Evaluation
import Foundation

/// Reads an `/evaluate` image only when its real path (every symlink resolved) lies inside the
/// datasets root. The folder itself was checked by `DatasetPath`, but the walk follows symlinks
/// below it, to files or folders anywhere; an image that resolves outside the root becomes an
/// error row (`outside_root`) and is never opened.
final class RootConfinedReader: SampleReader {
    private let inner: any SampleReader
    /// The root's real path.
    private let root: String
    private let preset: String

    init(_ inner: any SampleReader, root: String, preset: String) {
        self.inner = inner; self.root = root; self.preset = preset
    }

    func read(_ item: DatasetItem, label: LabelRow?) -> SampleOutcome {
        // A path that does not resolve (dangling link, vanished file) opens nothing: the inner
        // reader reports it as unreadable, as the CLI does.
        if let real = DatasetPath.realPath(item.url.path), !DatasetPath.isInside(real, root) {
            return .failure(SampleError(kind: Self.outsideRootKind,
                                        message: "\(item.relativePath) resolves (through a symlink) outside the datasets root; not read"),
                            preset: preset)
        }
        return inner.read(item, label: label)
    }

    /// In-memory images come from no path, so there is nothing to confine.
    func read(_ data: Data, as item: DatasetItem, label: LabelRow?) -> SampleOutcome {
        inner.read(data, as: item, label: label)
    }

    /// The error kind of an image refused for resolving outside the root.
    static let outsideRootKind = "outside_root"
}
