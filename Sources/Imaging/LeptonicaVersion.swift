import CTesseract
import Foundation

/// Version of the Leptonica library linked in.
public enum Leptonica {
    /// e.g. `leptonica-1.82.0`. The corresponding C function is `getLeptonicaVersion`.
    public static var version: String {
        guard let cstr = getLeptonicaVersion() else { return "unknown" }
        defer { free(cstr) }
        return String(cString: cstr)
    }

    /// Silences Leptonica's messages on stderr (a corrupt image is reported by us, once).
    public static func silenceMessages() {
        setMsgSeverity(Int32(L_SEVERITY_NONE))
    }
}
