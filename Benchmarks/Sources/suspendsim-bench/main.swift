import BenchProbe

// The probe with the system allocator (glibc malloc on Linux).
ProbeCommand.main()
