/// libxlsxwriter refused an operation; the message names the call and the library's reason.
public struct XLSXError: Error, Sendable, CustomStringConvertible {
    /// What failed, e.g. `workbook_close: Error creating output xlsx file`.
    public var message: String
    public var description: String { message }
}
