#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import SuspendSim

/// Why a command ends without success, and the one place that says which exit status each
/// kind is (docs/reports.md "Exit statuses"; SPEC 9, 14, 35; sysexits(3)).
///
/// A command prints its problem on standard error, then throws one of these; it never picks a
/// number itself. No other file of the command line spells an exit status (`ExitCode`, a
/// bare `exit(`, a sysexits name): `ExitStatusTests` reads them all.
enum CommandFailure: Error, CaseIterable, Sendable {
    /// 1: `check` found a mismatch (SPEC 9, "exits 1 on any mismatch").
    case checkFailed
    /// 1: anything else that stopped the command: a file whose writing failed for a reason
    /// that has no status of its own, another live `suspendsim` writing the same folder.
    case failed
    /// 2: bad input, located (SPEC 7, 14, 35): a scenario file, a sweep, payloads, a report
    /// folder that is not one, shards that are not one batch's.
    case invalidInput
    /// 64, `EX_USAGE`: the command line's own mistake (SPEC 14, 21, 25, 35), as
    /// ArgumentParser gives a `ValidationError`.
    case usage
    /// 73, `EX_CANTCREAT`: an output that cannot be created where asked (no permission, a
    /// read-only file system, a file where a folder goes) or that would replace what the tool
    /// does not own (SPEC 35 "Whole or none").
    case cannotCreate
    /// 74, `EX_IOERR`: an output whose writing failed (a full disk, a quota, a file-size
    /// limit, an I/O error).
    case writeFailed

    /// The process's exit status for this failure.
    var status: Int32 {
        switch self {
        case .checkFailed, .failed: 1
        case .invalidInput: 2
        case .usage: 64
        case .cannotCreate: 73
        case .writeFailed: 74
        }
    }

    /// The failure of an output that could not be written, by the system's error: a folder the
    /// tool does not own is `cannotCreate`; a `ReportWriter.Error` goes by its `code`
    /// (`init(errno:)`); anything else is `failed`.
    init(writing error: any Error) {
        if error is FolderOwnership.NotOurs {
            self = .cannotCreate
        } else if let code = (error as? ReportWriter.Error)?.code {
            self.init(errno: code)
        } else {
            self = .failed
        }
    }

    /// The failure of a write that failed with the system's error `code`: `cannotCreate` when
    /// the output cannot be made where asked (`EACCES`, `EPERM`, `EROFS`, `ENOTDIR`, `EISDIR`,
    /// `EEXIST`), `writeFailed` when writing it failed (`ENOSPC`, `EDQUOT`, `EFBIG`, `EIO`),
    /// else `failed`.
    init(errno code: Int32?) {
        switch code {
        case EACCES, EPERM, EROFS, ENOTDIR, EISDIR, EEXIST: self = .cannotCreate
        case ENOSPC, EDQUOT, EFBIG, EIO: self = .writeFailed
        default: self = .failed
        }
    }

    /// The exit status of a process ended by the signal `number` it handled (SPEC 35: 130 for
    /// SIGINT, 143 for SIGTERM, 129 for SIGHUP), as a shell reports a signal: 128 + N.
    static func status(interruptedBy number: Int32) -> Int32 {
        128 + number
    }

    /// Ends the process after the signal `number` was handled (`status(interruptedBy:)`).
    static func endProcess(interruptedBy number: Int32) -> Never {
        exit(status(interruptedBy: number))
    }

    /// Ends the process after `error` stopped the command: a `CommandFailure` with its status
    /// (its problem already printed), anything else as ArgumentParser ends it (a
    /// `ValidationError` or a parse error printed with the usage, exit 64; `--help`, 0; any
    /// other error printed, exit 1).
    static func endProcess(after error: any Error) -> Never {
        guard let failure = error as? CommandFailure else { SuspendsimCommand.exit(withError: error) }
        SuspendsimCommand.exit(withError: ExitCode(failure.status))
    }
}
