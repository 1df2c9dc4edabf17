// What a domain registration needs, so a client shell writes `import ReplShell` and nothing
// else from this package: `Domain`, `SelectorDefinition`, `Parameter`, `DomainContext`, the
// session store, the script runner; and the store protocols of ImmutableData.
@_exported import ImmutableData
@_exported import Scenarios
@_exported import Linearizability
