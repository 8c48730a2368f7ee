import Foundation

/// One image found in a dataset folder.
public struct DatasetItem: Hashable, Sendable, Codable {
    /// Path relative to the dataset folder, `/`-separated.
    public var relativePath: String
    /// Absolute file URL.
    public var url: URL
    /// Creates an item.
    public init(relativePath: String, url: URL) { self.relativePath = relativePath; self.url = url }
}

/// What a walk of a dataset folder found.
public struct DatasetListing: Sendable {
    public var root: URL
    /// Images, sorted by relative path.
    public var items: [DatasetItem]
    /// Hidden files and folders that were skipped.
    public var skippedHidden: Int
    /// Files that are not images by their extension (labels.csv excluded).
    public var skippedNonImages: Int
    /// Folders that could not be read, and symlink loops broken.
    public var unreadableFolders: [String]

    /// A listing of `items` under `root` (a walk's, or images listed without one).
    public init(root: URL, items: [DatasetItem], skippedHidden: Int = 0, skippedNonImages: Int = 0, unreadableFolders: [String] = []) {
        self.root = root
        self.items = items
        self.skippedHidden = skippedHidden
        self.skippedNonImages = skippedNonImages
        self.unreadableFolders = unreadableFolders
    }
}

/// Walks a dataset folder recursively for images.
public enum DatasetWalker {
    /// Extensions the backend's walk accepts, plus the ones Leptonica reads. HEIC/HEIF are listed
    /// so they are reported as errors instead of silently skipped.
    public static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "tif", "tiff", "bmp", "webp", "heic", "heif"]

    /// The walk failed before it started (the folder itself is missing or unreadable).
    public struct WalkError: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// Lists the images under `root`, following symlinks but never the same folder twice.
    public static func walk(_ root: URL) throws(WalkError) -> DatasetListing {
        let fm = FileManager.default
        var isDir: ObjCBool = false
        guard fm.fileExists(atPath: root.path, isDirectory: &isDir) else {
            throw WalkError(description: "dataset folder \(root.path) does not exist")
        }
        guard isDir.boolValue else { throw WalkError(description: "\(root.path) is not a folder") }
        let rootReal = root.resolvingSymlinksInPath().standardizedFileURL
        var listing = DatasetListing(root: root, items: [], skippedHidden: 0, skippedNonImages: 0, unreadableFolders: [])
        var visited: Set<String> = [rootReal.path]
        var stack: [(URL, String)] = [(rootReal, "")]
        while let (dir, rel) = stack.popLast() {
            let names: [String]
            do { names = try fm.contentsOfDirectory(atPath: dir.path) } catch {
                listing.unreadableFolders.append(rel.isEmpty ? "." : rel)
                continue
            }
            for name in names.sorted() {
                let relPath = rel.isEmpty ? name : rel + "/" + name
                if name.hasPrefix(".") { listing.skippedHidden += 1; continue }
                let url = dir.appendingPathComponent(name)
                var sub: ObjCBool = false
                guard fm.fileExists(atPath: url.path, isDirectory: &sub) else {
                    // A dangling symlink or a file that vanished: count it as unreadable.
                    if DatasetWalker.imageExtensions.contains(url.pathExtension.lowercased()) {
                        listing.items.append(DatasetItem(relativePath: relPath, url: url))
                    } else { listing.skippedNonImages += 1 }
                    continue
                }
                if sub.boolValue {
                    let real = url.resolvingSymlinksInPath().standardizedFileURL.path
                    if visited.contains(real) || isAncestor(real, of: dir.path) {
                        listing.unreadableFolders.append(relPath + " (symlink loop)")
                        continue
                    }
                    visited.insert(real)
                    stack.append((url, relPath))
                } else if imageExtensions.contains(url.pathExtension.lowercased()) {
                    listing.items.append(DatasetItem(relativePath: relPath, url: url))
                } else if rel.isEmpty && name.lowercased() == "labels.csv" {
                    continue
                } else {
                    listing.skippedNonImages += 1
                }
            }
        }
        listing.items.sort { $0.relativePath < $1.relativePath }
        return listing
    }

    private static func isAncestor(_ a: String, of b: String) -> Bool {
        b == a || b.hasPrefix(a.hasSuffix("/") ? a : a + "/")
    }
}
