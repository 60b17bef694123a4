/// The UIKit callbacks the simulator logs (SPEC 2). Raw values are the exact names in
/// `callbacks.csv`.
public enum Callback: String, Sendable, CaseIterable, Hashable {
    /// First code run on a launch.
    case willFinishLaunching = "application(_:willFinishLaunchingWithOptions:)"
    /// Right after `willFinishLaunching`.
    case didFinishLaunching = "application(_:didFinishLaunchingWithOptions:)"
    /// `inactive` -> `active`.
    case didBecomeActive = "applicationDidBecomeActive"
    /// `active` -> `inactive`.
    case willResignActive = "applicationWillResignActive"
    /// -> `background`: the app has a few seconds to save state and trim memory.
    case didEnterBackground = "applicationDidEnterBackground"
    /// `background`/`suspended` -> `inactive`.
    case willEnterForeground = "applicationWillEnterForeground"
    /// Termination of an app running in `background` (or opted out); never for a suspended app.
    case willTerminate = "applicationWillTerminate"
    /// A memory warning to an app that is running code.
    case didReceiveMemoryWarning = "applicationDidReceiveMemoryWarning"
    /// A background fetch wake.
    case performFetch = "application(_:performFetchWithCompletionHandler:)"
    /// A silent push wake, or a `newsstand-content` wake.
    case didReceiveRemoteNotification = "application(_:didReceiveRemoteNotification:fetchCompletionHandler:)"
    /// A `processing` wake: a BGProcessingTask's launch handler.
    case processingTaskLaunchHandler = "processingTaskLaunchHandler"
    /// A finite-length background task ran out of time.
    case expirationHandler = "expirationHandler"
}
