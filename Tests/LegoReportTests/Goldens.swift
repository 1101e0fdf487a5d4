import LegoGoldenSupport

/// The report goldens, in `Tests/Golden/LegoReport`.
let goldens = GoldenFile("Tests/Golden/LegoReport")
