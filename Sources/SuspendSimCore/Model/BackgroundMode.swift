/// A background mode an app declares in `UIBackgroundModes` (SPEC 4).
public enum BackgroundMode: String, Sendable, CaseIterable, Hashable {
    case audio
    case location
    case voip
    case externalAccessory = "external-accessory"
    case bluetoothCentral = "bluetooth-central"
    case bluetoothPeripheral = "bluetooth-peripheral"
    case fetch
    case remoteNotification = "remote-notification"
    case processing
    case newsstandContent = "newsstand-content"

    /// Continuous modes keep an app in `background` while in use; the others only grant wakes.
    public var isContinuous: Bool {
        switch self {
        case .audio, .location, .voip, .externalAccessory, .bluetoothCentral, .bluetoothPeripheral: true
        case .fetch, .remoteNotification, .processing, .newsstandContent: false
        }
    }

    /// The mode's bit in a `AppProfile.BackgroundModes`.
    var bit: UInt16 {
        switch self {
        case .audio: 1 << 0
        case .location: 1 << 1
        case .voip: 1 << 2
        case .externalAccessory: 1 << 3
        case .bluetoothCentral: 1 << 4
        case .bluetoothPeripheral: 1 << 5
        case .fetch: 1 << 6
        case .remoteNotification: 1 << 7
        case .processing: 1 << 8
        case .newsstandContent: 1 << 9
        }
    }

    /// The callback a wake in this mode delivers (SPEC 2); nil for continuous modes.
    public var wakeCallback: Callback? {
        switch self {
        case .fetch: .performFetch
        case .remoteNotification, .newsstandContent: .didReceiveRemoteNotification
        case .processing: .processingTaskLaunchHandler
        case .audio, .location, .voip, .externalAccessory, .bluetoothCentral, .bluetoothPeripheral: nil
        }
    }
}

extension AppProfile {
    /// A set of background modes stored as bits, so that the hot loop never allocates.
    public struct BackgroundModes: OptionSet, Sendable, Hashable {
        public let rawValue: UInt16
        public init(rawValue: UInt16) { self.rawValue = rawValue }

        /// The set holding exactly `mode`.
        public init(_ mode: BackgroundMode) {
            self.init(rawValue: mode.bit)
        }

        /// The set of `modes`.
        public init<S: Sequence>(_ modes: S) where S.Element == BackgroundMode {
            self.init()
            for mode in modes { insert(AppProfile.BackgroundModes(mode)) }
        }

        /// Whether `mode` is in the set.
        public func contains(_ mode: BackgroundMode) -> Bool { contains(AppProfile.BackgroundModes(mode)) }

        /// The modes in the set, in declaration order.
        public var modes: [BackgroundMode] { BackgroundMode.allCases.filter { contains($0) } }

        public static let audio = AppProfile.BackgroundModes(.audio)
        public static let location = AppProfile.BackgroundModes(.location)
        public static let voip = AppProfile.BackgroundModes(.voip)
        public static let externalAccessory = AppProfile.BackgroundModes(.externalAccessory)
        public static let bluetoothCentral = AppProfile.BackgroundModes(.bluetoothCentral)
        public static let bluetoothPeripheral = AppProfile.BackgroundModes(.bluetoothPeripheral)
        public static let fetch = AppProfile.BackgroundModes(.fetch)
        public static let remoteNotification = AppProfile.BackgroundModes(.remoteNotification)
        public static let processing = AppProfile.BackgroundModes(.processing)
        public static let newsstandContent = AppProfile.BackgroundModes(.newsstandContent)

        /// The continuous modes (audio, location, voip, external-accessory, bluetooth-*).
        public static let continuous = AppProfile.BackgroundModes(BackgroundMode.allCases.filter(\.isContinuous))
    }
}
