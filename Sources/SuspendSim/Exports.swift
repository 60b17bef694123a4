/// `import SuspendSim` gives the whole library: the simulation (`SuspendSimCore`: Scenario,
/// Device, AppProfile, Simulation, the policies) and the file layer built on it (loading,
/// reports, batches).
@_exported import SuspendSimCore
