import Foundation

/// The package's root folder: the nearest folder above this file that holds `Package.swift`.
/// Both test targets find the package's files from here (each re-exports this module from its
/// `Support/`), so that no path depends on how deep a test's file sits and the walk up is
/// written once (docs/development.md).
public let packageRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    repeat {
        url.deleteLastPathComponent()
    } while url.pathComponents.count > 1
        && !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path)
    return url
}()

/// The path of `relative` in the package.
public func packageFile(_ relative: String) -> String {
    packageRoot.appendingPathComponent(relative).path
}

/// `Scenarios/` of this package: the bundled scenarios.
public let bundledScenariosFolder = packageFile("Scenarios")
