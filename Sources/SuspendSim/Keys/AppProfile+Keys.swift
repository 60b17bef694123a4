extension AppProfile {
    /// An app given as an `apps:` entry gives it, key by key through `AppKey`'s table (SPEC 7,
    /// 11, 17, 22), as `Device(ramMB:ios:_:)` is built from `DeviceKey`'s: memory in MB, times in
    /// seconds, switches as 1 or 0, a compression ratio as the file writes it (2.8). A key not
    /// given keeps its file default, the stored property's.
    ///
    /// ```swift
    /// let mail = AppProfile(id: "com.example.mail", activeMB: 120, [.coldLaunchS: 0.8, .savesState: 0])
    /// ```
    ///
    /// `package`, as `AppKey` is (the public API stays at its size, docs/architecture.md): a
    /// library user sets the profile's fields. `id`, the three footprints,
    /// `background_modes` and `lifecycle` are the parameters;
    /// `trace_name` belongs to a trace and `bg_tasks` is `bgTasks`. Giving one in `keys` is a
    /// programmer's error.
    package init(
        id: String, activeMB: Double, backgroundMB: Double? = nil, suspendedMB: Double? = nil,
        backgroundModes: AppProfile.BackgroundModes = [], lifecycle: AppProfile.Lifecycle = .app, _ keys: [AppKey: Double]
    ) {
        self.init(id: id, activeMB: activeMB, backgroundMB: backgroundMB, suspendedMB: suspendedMB,
                  backgroundModes: backgroundModes, lifecycle: lifecycle)
        for key in AppKey.allCases {
            guard let value = keys[key] else { continue }
            switch key.target {
            case .memory(let path): self[keyPath: path] = .mb(value)
            case .time(let path): self[keyPath: path] = .seconds(value)
            case .flag(let path): self[keyPath: path] = value != 0
            case .optionalMemory(let path): self[keyPath: path] = .mb(value)
            case .optionalRatio(let path): self[keyPath: path] = Int64((value * 100).rounded())
            case .optionalTime(let path): self[keyPath: path] = .seconds(value)
            case .id, .footprint, .modes, .lifecycle, .traceName, .bgTasks:
                preconditionFailure("AppProfile(id:activeMB:...:_:) takes \(key.rawValue) elsewhere")
            }
        }
    }
}
