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
    /// A granted refresh request: `BGAppRefreshTask`'s launch handler (SPEC 28).
    case appRefreshLaunchHandler = "BGAppRefreshTask.launchHandler"
    /// A granted processing request: `BGProcessingTask`'s launch handler (SPEC 28).
    case processingLaunchHandler = "BGProcessingTask.launchHandler"
    /// A granted task reached its window, or an unlock ended a processing task:
    /// `BGTask.expirationHandler` (SPEC 28).
    case taskExpirationHandler = "BGTask.expirationHandler"

    // Scene-based apps (SPEC 11, `lifecycle: scene`): `UISceneDelegate` in place of the four
    // app-level callbacks, and the connection of a scene when the app comes to the foreground
    // with none connected.

    /// A scene connects to the app (`UISceneDelegate`).
    case sceneWillConnect = "scene(_:willConnectTo:options:)"
    /// In place of `applicationDidBecomeActive`.
    case sceneDidBecomeActive = "sceneDidBecomeActive"
    /// In place of `applicationWillResignActive`.
    case sceneWillResignActive = "sceneWillResignActive"
    /// In place of `applicationDidEnterBackground`.
    case sceneDidEnterBackground = "sceneDidEnterBackground"
    /// In place of `applicationWillEnterForeground`.
    case sceneWillEnterForeground = "sceneWillEnterForeground"

    /// The callback a scene-based app receives in place of this one (SPEC 11's table); the
    /// callback itself for those that stay on the app delegate.
    public var sceneEquivalent: Callback {
        switch self {
        case .didBecomeActive: .sceneDidBecomeActive
        case .willResignActive: .sceneWillResignActive
        case .didEnterBackground: .sceneDidEnterBackground
        case .willEnterForeground: .sceneWillEnterForeground
        default: self
        }
    }

    /// The scene phase after this scene callback; nil for app-delegate callbacks, which leave
    /// it as it was. A connected scene starts in `background` (SwiftUI's `ScenePhase`).
    public var scenePhaseAfter: Callback.ScenePhase? {
        switch self {
        case .sceneDidBecomeActive: .active
        case .sceneWillResignActive, .sceneWillEnterForeground: .inactive
        case .sceneDidEnterBackground, .sceneWillConnect: .background
        default: nil
        }
    }
}
