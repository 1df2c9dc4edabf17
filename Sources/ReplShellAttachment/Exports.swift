// What an app names beside the attachment itself, one symbol at a time (hidden from the
// documentation): the store it attaches (ImmutableData's) and the domain that describes it.

@_documentation(visibility: internal) @_exported import class ImmutableData.Store
@_documentation(visibility: internal) @_exported import struct ReplShellDomain.Domain
