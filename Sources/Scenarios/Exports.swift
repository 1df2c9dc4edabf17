// The value layer is part of what the engine's users see: values, diffs, output lines, errors.
@_exported import StateValues
