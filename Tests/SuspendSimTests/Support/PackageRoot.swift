/// `packageRoot`, `packageFile(_:)` and `bundledScenariosFolder`, for every file of this target:
/// one owner, `SuspendSimTestSupport`, shared with the CLI tests.
@_exported import SuspendSimTestSupport
