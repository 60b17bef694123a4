/// A day of phone use, generated from a seed: a scenario's `workload:` block (docs/batch-runs.md).
///
/// ```swift
/// var workload = Workload(durationMs: 16 * 3_600_000)
/// workload.callsPerHour = Workload.Rate(perHour: 0.5)
/// scenario.generator = workload
/// scenario.seed = BatchSeed.seed(base: 7, scenario: scenario.name, replicate: 0)
/// let result = Simulation.run(scenario)
/// ```
///
/// The model, from the last listed event (`startingAt`) for `durationMs`:
/// - **Sessions.** The user opens an app, chosen by popularity (Zipf with exponent
///   `zipfExponentThousandths / 1000` over the apps in scenario order: the first app is the
///   most popular), and stays in it for an exponential time of mean `meanDwellMs`. Then,
///   with probability `homeShare`, goes `home` and locks the phone (`home`, `lock`);
///   otherwise switches straight to another app (`open`, chosen by popularity among the
///   others). The first session begins at once: the device should be unlocked there.
/// - **Gaps.** Between sessions the phone is on the home screen and **locked**, for an
///   exponential time of mean `meanGapMs`; the next session begins with `unlock`, `open`.
/// - **Calls** arrive as a Poisson process (`callsPerHour`), locked or not: `call`, then
///   after `ringMs` either `call_answer` (probability `answerShare`) and `call_end` an
///   exponential time of mean `meanCallMs` later, or `call_decline`.
/// - **Alerts** arrive while an app is in use (`alertsPerHour` of use): `alert`, then
///   after `alertMs` either `alert_reply` (probability `replyShare`), and the user comes
///   back to the app (`open`) `replyMs` later, or `alert_dismiss`.
/// - A call or an alert pauses everything else the user does: the time left in the app or
///   the gap, and the next call, alert and allocation, move later by its length. Calls and
///   alerts therefore never overlap.
/// - **Wakes**: each app that declares a wake-only mode is woken (`wake`) as a Poisson
///   process at `wakesPerHour`, in one of its wake modes chosen uniformly.
/// - **Allocations**: while an app is in use, `allocate` bursts arrive at
///   `allocationsPerHour` of use, each an exponential amount of mean `meanAllocationKiB`.
///
/// Events past the duration are not generated (a call may be cut off between its ring and
/// its end). Each process draws from its own SplitMix64 stream, derived from the seed, so
/// that changing one rate does not reshuffle the others.
///
/// Every draw is integer arithmetic: exponential times by von Neumann's comparison method,
/// Zipf weights in fixed point (see `ZipfTable`), so the same seed gives the same timeline,
/// byte for byte, on every platform. The generated events are made one at a time: a run
/// holds a few of them, however long the day.
package struct Workload: EventGenerator, Sendable, Hashable {
    /// How long the generated timeline lasts, from the last listed event (`duration_s`).
    package var durationMs: Millis
    /// The Zipf exponent in thousandths (`zipf_s` × 1000): 1000 is Zipf's law, 0 uniform.
    package var zipfExponentThousandths: Int64 = 1_000
    /// Mean time in an app (`dwell_s`), at least 1 ms.
    package var meanDwellMs: Millis = .ms(60_000)
    /// Mean time between sessions, locked (`gap_s`).
    package var meanGapMs: Millis = .ms(600_000)
    /// How often the user leaves an app by `home` rather than switching apps (`home_share`).
    package var homeShare = Share(perMillion: 600_000)
    /// Incoming calls (`calls_per_hour`).
    package var callsPerHour = Rate.zero
    /// How often a call is answered (`answer_share`).
    package var answerShare = Share(perMillion: 500_000)
    /// How long a call rings before it is answered or declined (`ring_s`).
    package var ringMs: Millis = .ms(10_000)
    /// Mean length of an answered call (`call_s`).
    package var meanCallMs: Millis = .ms(120_000)
    /// Alerts per hour of app use (`alerts_per_hour`).
    package var alertsPerHour = Rate.zero
    /// How often an alert is replied to (`reply_share`).
    package var replyShare = Share(perMillion: 200_000)
    /// How long an alert shows before it is dismissed or replied to (`alert_s`).
    package var alertMs: Millis = .ms(5_000)
    /// How long a reply takes in Messages before the user comes back (`reply_s`).
    package var replyMs: Millis = .ms(20_000)
    /// Wakes per hour of each app that declares a wake-only mode (`wakes_per_hour`).
    package var wakesPerHour = Rate.zero
    /// `allocate` bursts per hour of app use (`allocations.per_hour`).
    package var allocationsPerHour = Rate.zero
    /// Mean size of a burst (`allocations.mean_mb`).
    package var meanAllocationKiB: KiB = .zero

    /// A workload of `durationMs` with every other field at its default.
    package init(durationMs: Millis) {
        self.durationMs = durationMs
    }

    /// The generated events of one run (see the type's description).
    ///
    /// - Complexity: O(apps) to set up; then O(log apps) per event, in O(1) memory.
    package func events(for scenario: Scenario, seed: UInt64, startingAt startMs: Millis) -> any EventSource {
        WorkloadTimeline(workload: self, apps: scenario.apps, seed: seed, startMs: startMs)
    }
}
