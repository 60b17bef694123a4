extension AppRuntime {
    /// An app's place under a policy with bands (jetsam, SPEC 6, 16): its band and when it
    /// entered it. `band` and `bandEnteredMs` change only under a policy that `usesBands`
    /// (`Simulation.appDidChange`); under any other they stay as made.
    struct JetsamStanding {
        /// Its band; nil while not resident.
        var band: Int?
        /// When it entered that band.
        var bandEnteredMs: Millis = .zero
        /// In its band since before the run (an `initial:` entry), until its band changes.
        var enteredBandBeforeStart = false
    }
}
