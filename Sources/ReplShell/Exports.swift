import ReplShellCommands
import ReplShellHost
// What a shell's package names through `import ReplShell` alone, one symbol at a time (hidden from
// the documentation, which lists each where it is declared): the registration types a domain is
// written with, the store protocols of ImmutableData, the host and its requests, the events a
// session reports, the script runner and goldens, and the linearizability models and verdicts.

@_documentation(visibility: internal) @_exported import struct ReplShellDomain.Domain
@_documentation(visibility: internal) @_exported import struct ReplShellDomain.DomainContext
@_documentation(visibility: internal) @_exported import struct ReplShellDomain.DomainEffects
@_documentation(visibility: internal) @_exported import struct ReplShellDomain.DomainOption
@_documentation(visibility: internal) @_exported import class ReplShellDomain.EffectScheduler
@_documentation(visibility: internal) @_exported import struct ReplShellDomain.ListenerStream
@_documentation(visibility: internal) @_exported import struct ReplShellDomain.Parameter
@_documentation(visibility: internal) @_exported import struct ReplShellDomain.Redaction
@_documentation(visibility: internal) @_exported import struct ReplShellDomain.ScheduledEffectFailure
@_documentation(visibility: internal) @_exported import struct ReplShellDomain.SelectorDefinition
@_documentation(visibility: internal) @_exported import protocol ReplShellDomain.SessionResource
@_documentation(visibility: internal) @_exported import class ReplShellDomain.SessionStore
@_documentation(visibility: internal) @_exported import struct ReplShellDomain.SortKey
@_documentation(visibility: internal) @_exported import protocol ReplShellDomain.SortKeyPath
@_documentation(visibility: internal) @_exported import protocol ImmutableData.Dispatcher
@_documentation(visibility: internal) @_exported import protocol ImmutableData.Selector
@_documentation(visibility: internal) @_exported import class ImmutableData.Store
@_documentation(visibility: internal) @_exported import struct ImmutableData.StoreStream
@_documentation(visibility: internal) @_exported import protocol ImmutableData.Streamer
@_documentation(visibility: internal) @_exported import struct StateValues.CommandError
@_documentation(visibility: internal) @_exported import struct StateValues.DiffSpecialization
@_documentation(visibility: internal) @_exported import enum StateValues.JSONForm
@_documentation(visibility: internal) @_exported import struct StateValues.OutputLine
@_documentation(visibility: internal) @_exported import struct StateValues.StateDiff
@_documentation(visibility: internal) @_exported import struct SessionProtocol.BreakEvent
@_documentation(visibility: internal) @_exported import struct SessionProtocol.CommandEvent
@_documentation(visibility: internal) @_exported import enum SessionProtocol.DebugCategory
@_documentation(visibility: internal) @_exported import struct SessionProtocol.DispatchEvent
@_documentation(visibility: internal) @_exported import struct SessionProtocol.ErrorEvent
@_documentation(visibility: internal) @_exported import struct SessionProtocol.InspectorViewRequest
@_documentation(visibility: internal) @_exported import struct SessionProtocol.InvariantEvent
@_documentation(visibility: internal) @_exported import struct SessionProtocol.LogLine
@_documentation(visibility: internal) @_exported import struct SessionProtocol.ReportEvent
@_documentation(visibility: internal) @_exported import enum SessionProtocol.SessionEvent
@_documentation(visibility: internal) @_exported import enum SessionProtocol.SessionEventJSON
@_documentation(visibility: internal) @_exported import struct SessionProtocol.SettleEvent
@_documentation(visibility: internal) @_exported import struct SessionProtocol.SnapshotEvent
@_documentation(visibility: internal) @_exported import struct SessionProtocol.WatchEvent
@_documentation(visibility: internal) @_exported import struct ReplShellCommands.CommandSet
@_documentation(visibility: internal) @_exported import struct ReplShellHost.LineRequest
@_documentation(visibility: internal) @_exported import class ReplShellSession.SessionEventStream
@_documentation(visibility: internal) @_exported import class ReplShellHost.SessionHost
@_documentation(visibility: internal) @_exported import protocol ReplShellHost.SessionRequest
@_documentation(visibility: internal) @_exported import struct ReplShellHost.ShellSettings
@_documentation(visibility: internal) @_exported import enum ReplShellSession.TranscriptRenderer
@_documentation(visibility: internal) @_exported import struct Scenarios.GoldenComparison
@_documentation(visibility: internal) @_exported import struct Scenarios.ScriptRunner
@_documentation(visibility: internal) @_exported import enum Scenarios.UnifiedDiff
@_documentation(visibility: internal) @_exported import struct Linearizability.Counterexample
@_documentation(visibility: internal) @_exported import enum Linearizability.EDNValue
@_documentation(visibility: internal) @_exported import struct Linearizability.History
@_documentation(visibility: internal) @_exported import struct Linearizability.HistoryError
@_documentation(visibility: internal) @_exported import struct Linearizability.HistoryOperation
@_documentation(visibility: internal) @_exported import struct Linearizability.HistoryPage
@_documentation(visibility: internal) @_exported import enum Linearizability.HistoryReader
@_documentation(visibility: internal) @_exported import struct Linearizability.KeyValueModel
@_documentation(visibility: internal) @_exported import struct Linearizability.LinearizabilityChecker
@_documentation(visibility: internal) @_exported import struct Linearizability.LinearizabilityDomain
@_documentation(visibility: internal) @_exported import protocol Linearizability.LinearizabilityModel
@_documentation(visibility: internal) @_exported import struct Linearizability.LinearizeBudget
@_documentation(visibility: internal) @_exported import struct Linearizability.LinearizeRun
@_documentation(visibility: internal) @_exported import struct Linearizability.OperationError
@_documentation(visibility: internal) @_exported import struct Linearizability.ReducerModel
@_documentation(visibility: internal) @_exported import struct Linearizability.RegisterModel
@_documentation(visibility: internal) @_exported import enum Linearizability.Verdict
@_documentation(visibility: internal) @_exported import struct Linearizability.WitnessTimeline
