import LegoGoldenSupport

/// The graph goldens (DOT and JSON), in `Tests/LegoGraphTests/Golden`.
let goldens = GoldenFile("Tests/LegoGraphTests/Golden")
