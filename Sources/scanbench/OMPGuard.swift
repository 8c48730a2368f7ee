import Foundation

/// Debian's libtesseract uses OpenMP, which reads `OMP_THREAD_LIMIT` only when the process
/// starts: setting it later has no effect, and without it one read is 3–4× slower and workers
/// oversubscribe the cores. When the variable is missing we re-execute ourselves with it set.
enum OMPGuard {
    static func ensureSingleThreadedOpenMP() {
        guard ProcessInfo.processInfo.environment["OMP_THREAD_LIMIT"] == nil else { return }
        setenv("OMP_THREAD_LIMIT", "1", 1)
        // /proc/self/exe is this very binary, whatever the path it was started by.
        let exe = "/proc/self/exe"
        let args = CommandLine.arguments
        var cargs: [UnsafeMutablePointer<CChar>?] = args.map { strdup($0) }
        cargs.append(nil)
        execv(exe, &cargs)
        // execv returns only on failure: carry on, slower but correct.
        for p in cargs { free(p) }
        FileHandle.standardError.write(Data("warning: could not re-exec with OMP_THREAD_LIMIT=1; OCR will be slower\n".utf8))
    }
}
