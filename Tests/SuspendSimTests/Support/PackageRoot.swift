import Foundation

/// The package's root folder: the nearest folder above this file that holds `Package.swift`.
/// Every test finds the package's files from here, so that no path depends on how deep a
/// test's file sits (docs/development.md).
let packageRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    repeat {
        url.deleteLastPathComponent()
    } while url.pathComponents.count > 1
        && !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path)
    return url
}()

/// The path of `relative` in the package.
func packageFile(_ relative: String) -> String {
    packageRoot.appendingPathComponent(relative).path
}

/// `Scenarios/` of this package: the bundled scenarios.
let bundledScenariosFolder = packageFile("Scenarios")
