extension AppProfile {
    /// Which UIKit life cycle an app adopts: the app delegate's, or scenes' (SPEC 11).
    ///
    /// UIKit's scene-based life cycle ("Managing your app's life cycle") sends the foreground and
    /// background callbacks to a `UISceneDelegate`; Apple deprecates the app delegate's life-cycle
    /// methods in iOS 26 and requires scenes of apps built with the iOS 27 SDK.
    public enum Lifecycle: String, Sendable, Hashable, CaseIterable {
        /// `UIApplicationDelegate` callbacks (the classic model of SPEC 2).
        case app
        /// `UISceneDelegate` callbacks in place of the four app-level ones.
        case scene
    }
}

extension Callback {
    /// SwiftUI's `ScenePhase` of a scene-based app: the `phase` column of `callbacks.csv`
    /// (SPEC 11).
    public enum ScenePhase: String, Sendable, Hashable, CaseIterable {
        case active
        case inactive
        case background
    }
}
