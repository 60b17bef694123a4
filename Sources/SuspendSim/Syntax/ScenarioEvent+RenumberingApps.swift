extension ScenarioEvent.Action {
    /// The same action with its app index `i` replaced by `indices[i]`.
    func renumberingApps(_ indices: [AppIndex]) -> ScenarioEvent.Action {
        switch self {
        case .open(let app): .open(indices[app])
        case .forceQuit(let app): .forceQuit(indices[app])
        case .wake(let app, let mode): .wake(indices[app], mode)
        case .startMode(let app, let mode): .startMode(indices[app], mode)
        case .stopMode(let app, let mode): .stopMode(indices[app], mode)
        case .allocate(let app, let kib): .allocate(indices[app], kib)
        case .allocateSession(let app, let kib): .allocateSession(indices[app], kib)
        case .close(let app): .close(indices[app])
        case .home, .lock, .unlock, .alert, .alertDismiss, .alertReply, .call, .callDecline, .callAnswer, .callEnd,
             .systemAllocate, .charge, .lowPower:
            self
        }
    }
}
