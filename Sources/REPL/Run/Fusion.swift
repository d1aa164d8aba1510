#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Whether runs fuse runs of simple stages into one operator (Language's FusedStages): on,
/// unless the environment sets `FRP_NO_FUSE`. Fusion is an optimisation of the same catalogue
/// entries, not a second semantics: `make test` runs every script both ways, and
/// `FusionTests` checks that `frp run` prints the same events and traces either way.
enum Fusion {
    static let enabled = getenv("FRP_NO_FUSE") == nil
}
