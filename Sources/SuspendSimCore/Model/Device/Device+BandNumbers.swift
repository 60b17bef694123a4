extension Device {
    /// The numbers XNU gives jetsam's priority bands, which changed in iOS 16 (SPEC 11): the
    /// one place they are written.
    ///
    /// `JetsamPolicy` ranks apps by `current`, the iOS 16 numbers of `kern_memorystatus.h`
    /// (`JETSAM_PRIORITY_IDLE` 0, `JETSAM_PRIORITY_AGING_BAND2` 20, `JETSAM_PRIORITY_BACKGROUND`
    /// 30, `JETSAM_PRIORITY_FOREGROUND` 100, `JETSAM_PRIORITY_AUDIO_AND_ACCESSORY` 120). Earlier
    /// releases numbered the same bands 0 / 1 / 3 / 10 / 12. Only the `priority` column of
    /// `evictions.csv` shows the difference: the order of the bands is the same in every release.
    /// A device holds its release's numbers (`Device.jetsamBands`, set by its `PlatformProfile`).
    public struct BandNumbers: Sendable, Hashable {
        public var idle: Int
        public var aging: Int
        public var background: Int
        public var frontmost: Int
        public var audioAndAccessory: Int
        /// A suspended frozen app's band (SPEC 37): `JETSAM_PRIORITY_FREEZER`, 75, from iOS 16;
        /// before, the freezer used `JETSAM_PRIORITY_UI_SUPPORT`, 8. Between the background
        /// and the frontmost bands in either numbering.
        public var freezer: Int

        public init(idle: Int, aging: Int, background: Int, frontmost: Int, audioAndAccessory: Int, freezer: Int) {
            self.idle = idle
            self.aging = aging
            self.background = background
            self.frontmost = frontmost
            self.audioAndAccessory = audioAndAccessory
            self.freezer = freezer
        }

        /// iOS 16 and later, and the classic profile: 0 / 20 / 30 / 100 / 120, the freezer 75.
        public static let current = Device.BandNumbers(
            idle: 0, aging: 20, background: 30, frontmost: 100, audioAndAccessory: 120, freezer: 75)
        /// Before iOS 16: 0 / 1 / 3 / 10 / 12, the freezer 8.
        public static let beforeIOS16 = Device.BandNumbers(
            idle: 0, aging: 1, background: 3, frontmost: 10, audioAndAccessory: 12, freezer: 8)

        /// This numbering's number for `band`, a band as `JetsamPolicy` numbers it (the current
        /// numbers); any other number is returned as it is.
        public func number(ofCurrentBand band: Int) -> Int {
            let current = Self.current
            switch band {
            case current.idle: return idle
            case current.aging: return aging
            case current.background: return background
            case current.frontmost: return frontmost
            case current.audioAndAccessory: return audioAndAccessory
            case current.freezer: return freezer
            default: return band
            }
        }
    }
}
