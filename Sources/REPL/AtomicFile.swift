#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Replaces a file's text whole: written to a fresh temporary file beside it (mkstemp:
/// created with O_EXCL under a new name, so no file or symlink already there is written
/// through), then renamed over it. An interrupted write leaves the old file, never half
/// of one.
enum AtomicFile {
    static func replace(_ path: String, with text: String) -> Bool {
        var template = Array((path + ".XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard descriptor >= 0 else { return false }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == bytes.count
        guard close(descriptor) == 0, written, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }
}
