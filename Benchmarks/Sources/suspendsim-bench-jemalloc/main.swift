import BenchProbe
import CJemallocProbe

// The same probe linked with jemalloc, as the suspendsim executable is. Linking is enough
// for jemalloc to replace malloc; `mallctl` answering proves it did.
var version: UnsafePointer<CChar>? = nil
var size = MemoryLayout<UnsafePointer<CChar>?>.size
guard mallctl("version", &version, &size, nil, 0) == 0, let version else {
    fatalError("jemalloc is not the allocator of this process")
}
ProbeCommand.allocator = "jemalloc-" + String(cString: version)
ProbeCommand.main()
