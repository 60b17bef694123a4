
/// An import's input file (a JetsamEvent report, a MetricKit payload file) is read whole, so it
/// must be a regular file. A FIFO, a socket or a device is named for what it is, before it is
/// opened: reading a FIFO waited for a writer, or said "You don't have permission" even as
/// root (SPEC 35, "Errors that say what happened"; `validate` says the same of a scenario).
package enum ImportInputFile {
    /// What is wrong with `path` as a file to read whole, naming `expected` (`a report file`):
    /// a FIFO, a socket or a device; nil for a regular file, a folder, or nothing there (the
    /// callers say what they say of those).
    static func kindProblem(_ path: String, expected: String) -> String? {
        guard let type = try? FilePath(path).stat().type, type != .regular, type != .directory else { return nil }
        let what = type == .fifo ? "a FIFO (named pipe)" : type == .socket ? "a socket" : "a device"
        return "is \(what), not \(expected): give a regular file"
    }

    /// The bytes of `path`, once it is known to be a regular file.
    ///
    /// - Throws: `ImportError` naming a FIFO, a socket or a device, or a file that cannot be read.
    package static func read(_ path: String, expected: String) throws(ImportError) -> [UInt8] {
        if let problem = kindProblem(path, expected: expected) { throw ImportError(path, problem) }
        do {
            let descriptor = try FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec])
            defer { try? descriptor.close() }
            var bytes: [UInt8] = []
            // The size it has now, so that the bytes are not copied as the array grows.
            bytes.reserveCapacity(Int((try? FilePath(path).stat().size) ?? 0))
            var chunk = [UInt8](repeating: 0, count: 1 << 20)
            while true {
                let count = try chunk.withUnsafeMutableBytes { try descriptor.read(into: $0) }
                if count == 0 { return bytes }
                bytes += chunk[..<count]
            }
        } catch {
            throw ImportError(path, "cannot read the file: \((error as? Errno)?.description ?? "\(error)")")
        }
    }
}
