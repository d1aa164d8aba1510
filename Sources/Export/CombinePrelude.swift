extension CombineExport {
    /// The head of every Combine export (`Preludes/Prelude.swift`): frp's values as one
    /// Swift type (`V`, written with literals), the helpers that keep frp's meaning (deep
    /// equality, `+` of texts and lists), a virtual-time scheduler (one frame a
    /// millisecond, as frp's marbles), marble sources, and the harness: one run per expect,
    /// compared as `frp test` compares. A Swift file, built against OpenCombine by
    /// Tests/Combine with every export.
    static let prelude = String(decoding: PackageResources.Prelude_swift, as: UTF8.self) + "\n"
}
