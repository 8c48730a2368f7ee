import Foundation

/// Where a run gets images that are not files in a dataset folder: a synthetic set drawn in
/// memory, for instance. The runner asks each worker's source for an item's encoded bytes and
/// hands them to the worker's reader, so nothing has to be written to disk first.
///
/// Each worker thread gets its own source from a factory (like its reader), so a source may own
/// non-thread-safe state (a renderer) without locks.
public protocol SampleSource: AnyObject {
    /// The encoded image (the bytes its file would hold) of `item`, and its labels row when
    /// the source makes its own labels. Throws when the image cannot be made; the run then
    /// stops, because a missing image is the harness's failure, not the reader's.
    func load(_ item: DatasetItem) throws -> SourcedSample
}

/// One image from a `SampleSource`.
public struct SourcedSample: Sendable {
    /// The encoded image (JPEG, PNG, …), as a file would hold it.
    public var data: Data
    /// Its labels row, or `nil` to look the item up in the run's labels.
    public var label: LabelRow?
    /// The reader reads the item's file itself (`data` is ignored): a source that cannot use a
    /// file leaves it to the reader, which records its error exactly as a plain run would.
    public var readFromFile = false

    /// An image and its label.
    public init(data: Data, label: LabelRow?) {
        self.data = data
        self.label = label
    }

    /// The item's own file, read by the reader.
    public static var itemFile: SourcedSample {
        var s = SourcedSample(data: Data(), label: nil)
        s.readFromFile = true
        return s
    }
}
