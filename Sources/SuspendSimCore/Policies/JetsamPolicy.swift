/// XNU's memorystatus ("jetsam"): every process sits in a priority band and the lowest band
/// is killed first (SPEC 6).
///
/// Bands, after XNU's `JETSAM_PRIORITY_*` constants in `kern_memorystatus.h` (the numbers are
/// `Device.BandNumbers.current`'s):
/// - 100, the frontmost app (`JETSAM_PRIORITY_FOREGROUND`);
/// - 120, running in background with `audio`, `external-accessory` or a bluetooth mode in
///   use (`JETSAM_PRIORITY_AUDIO_AND_ACCESSORY`);
/// - 30, any other app running in background (`JETSAM_PRIORITY_BACKGROUND`);
/// - 20, suspended for less than `aging_s` (`JETSAM_PRIORITY_AGING_BAND2`, where a process
///   that just went idle waits before it is idle for good);
/// - 0, suspended longer (`JETSAM_PRIORITY_IDLE`);
/// - 75, suspended and frozen (`JETSAM_PRIORITY_FREEZER`, SPEC 37), with no aging; a demoted
///   frozen app is in band 0 until its next thaw.
///
/// `memorystatus_kill_top_process` walks the bands from the lowest up and, inside a band,
/// kills the process that entered it first (bands are FIFO lists). Before the critical loop,
/// while free is below `idle_free_mb`, apps in band 0, and only they, are killed, as
/// `memorystatus_kill_idle_process` does for idle exits.
public struct JetsamPolicy: BuiltInPolicy {
    public var name: String { Self.ruleName }

    public init() {}

    /// The numbers the bands are ranked by: the current ones, in every release (a device's
    /// own numbering shows only in the `priority` column, SPEC 11).
    private static let bands = Device.BandNumbers.current

    /// The app's jetsam band.
    public func band(of candidate: Candidate) -> Int? {
        switch candidate.state {
        case .active, .inactive:
            return Self.bands.frontmost
        case .background:
            let audioAndAccessory: AppProfile.BackgroundModes = [.audio, .externalAccessory, .bluetoothCentral, .bluetoothPeripheral]
            return candidate.modesInUse.isDisjoint(with: audioAndAccessory) ? Self.bands.background : Self.bands.audioAndAccessory
        case .suspended:
            // SPEC 37: a frozen app sits in the freezer's band, a demoted one in band 0.
            if candidate.isFrozen { return candidate.isDemoted ? Self.bands.idle : Self.bands.freezer }
            return candidate.aged ? Self.bands.idle : Self.bands.aging
        case .notRunning:
            return nil
        }
    }

    /// The band, then when the app entered it (an `initial:` entry, in its band since before
    /// the run, ahead of apps entering at time 0: SPEC 16).
    public func rank(of candidate: Candidate) -> Candidate.Rank {
        Candidate.Rank(Int64(band(of: candidate) ?? 0), candidate.bandEnteredMs.count * 2 + (candidate.enteredBandBeforeStart ? 0 : 1))
    }

    public func priority(of candidate: Candidate) -> Int? { band(of: candidate) }

    public var usesBands: Bool { true }

    public func isIdle(_ candidate: Candidate) -> Bool { band(of: candidate) == Self.bands.idle }
}
